import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, seatCodeOf, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

interface CheckoutAnswer {
  success: boolean;
  total: number;
  tax: number;
  receipt_id: string;
  receipt_number: number;
  receipt_url: string;
}
interface ReceiptJson {
  number: number;
  issuer_name: string;
  registration_number: string | null;
  issued_at: string;
  lines: { name: string; rate: number; reduced: boolean; takeout: boolean; amount: number }[];
  totals_by_rate: { rate: number; reduced: boolean; amount: number; tax: number }[];
  total: number;
  payment_method: string;
  reissue: boolean;
}

/**
 * The receipt calls (decision 240): order lines take `takeout`; the checkout answers `receipt_id`; GET
 * /api/receipts/{id} answers the receipt to staff, to the visit's own token (dead after
 * checkout, still its own) and to the guest link, and to nobody else; numbers are store-wide and
 * sequential even when visits pay at the same moment.
 */
type Client = ReturnType<typeof httpClient>;
async function call<T = Record<string, unknown>>(client: Client, method: string, path: string, init: Parameters<Client['send']>[2] = {}) {
  const response = await client.send(method, path, init);
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as T };
}

describe('receipt calls', () => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTableOrderServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function visitAt(seatId: string) {
    const guest = httpClient(server.url);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: seatId,
      seat_code: await seatCodeOf(server.url, seatId),
      number_of_people: 1,
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    return { guest, reservationId: checkIn.body.reservation_id, token: checkIn.body.token };
  }

  async function order(visit: Awaited<ReturnType<typeof visitAt>>, items: { menu_id: string; quantity: number; takeout?: boolean }[]) {
    const placed = await call(visit.guest, 'POST', '/api/orders', { json: { reservation_id: visit.reservationId, items }, headers: withToken(visit.token) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const bill = await call<{ order_ids: string[] }>(visit.guest, 'GET', `/api/orders/checkout?reservation_id=${visit.reservationId}`, {
      headers: withToken(visit.token),
    });
    return bill.body.order_ids;
  }

  it('a takeout cake and an eat-in coffee: one receipt with both rates, readable by its own token, the link and staff only', async () => {
    const visit = await visitAt('seat-t1');
    const orderIds = await order(visit, [
      { menu_id: 'menu-gateau', quantity: 1, takeout: true },
      { menu_id: 'menu-blend', quantity: 1 },
    ]);
    const paid = await call<CheckoutAnswer>(visit.guest, 'POST', '/api/orders/checkout', {
      json: { reservation_id: visit.reservationId, payment_method: 'cash', order_ids: orderIds, addressee: '株式会社サンプル', proviso: '飲食代' },
      headers: withToken(visit.token),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // 500 + 10% = 550 (tax 50), 550 + 8% = 594 (tax 44).
    expect(paid.body.total).toBe(1144);
    expect(paid.body.tax).toBe(94);
    expect(paid.body.receipt_id).toMatch(/^[0-9a-f-]{36}$/);

    const own = await call<ReceiptJson>(visit.guest, 'GET', `/api/receipts/${paid.body.receipt_id}`, { headers: withToken(visit.token) });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.number).toBe(paid.body.receipt_number);
    expect(own.body.registration_number).toBe('T8900000000001');
    expect(own.body.totals_by_rate).toEqual([
      { rate: 10, reduced: false, amount: 550, base: 500, tax: 50 },
      { rate: 8, reduced: true, amount: 594, base: 550, tax: 44 },
    ]);
    expect(own.body.lines.map((l) => [l.name, l.rate, l.reduced, l.takeout])).toEqual([
      ['ガトーショコラケーキ', 8, true, true],
      ['ブレンドコーヒー', 10, false, false],
    ]);
    expect(own.body).toMatchObject({ total: 1144, payment_method: 'cash', reissue: false, addressee: '株式会社サンプル', proviso: '飲食代' });

    const link = await httpClient(server.url).send(
      'GET',
      `/api/receipts/${paid.body.receipt_id}?key=${new URL(paid.body.receipt_url, server.url).searchParams.get('key')}`,
    );
    expect(link.status).toBe(200);
    expect((await httpClient(server.url).send('GET', `/api/receipts/${paid.body.receipt_id}`)).status).toBe(404);
    expect((await httpClient(server.url).send('GET', `/api/receipts/${paid.body.receipt_id}?key=forged`)).status).toBe(404);
    const other = await visitAt('seat-t2');
    expect((await call(other.guest, 'GET', `/api/receipts/${paid.body.receipt_id}`, { headers: withToken(other.token) })).status).toBe(404);
    const staff = await signedInAdmin(server.url);
    expect((await call(staff, 'GET', `/api/receipts/${paid.body.receipt_id}`)).status).toBe(200);
    // The print view and its PDF follow the same rule.
    expect((await httpClient(server.url).send('GET', `/receipts/${paid.body.receipt_id}`)).status).toBe(404);
    expect((await httpClient(server.url).send('GET', paid.body.receipt_url)).status).toBe(200);

    // The guest reads the print view in their language; the order lines and the issuer stay as written, marked Japanese (decision 394).
    const printView = async (headers: Record<string, string> = {}) => (await httpClient(server.url).send('GET', paid.body.receipt_url, { headers })).text();
    const english = await printView({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(english).toContain('<html lang="en"');
    for (const words of ['Receipt', 'Total (tax included)', '¥1,144', 'Payment method', 'Cash', '<span lang="ja">ガトーショコラケーキ</span> (takeaway)']) {
      expect(english).toContain(words);
    }
    expect(english).not.toContain('合計（税込）');
    const japanese = await printView();
    expect(japanese).toContain('<html lang="ja"');
    for (const words of ['合計（税込）', '1,144円', '現金', 'ガトーショコラケーキ</span>（持ち帰り）']) expect(japanese).toContain(words);
  }, 120_000);

  it('visits paying at the same moment get numbers one after the other, none twice', async () => {
    const visits = await Promise.all(['seat-c1', 'seat-c2', 'seat-t3', 'seat-t4'].map((seat) => visitAt(seat)));
    const orders = await Promise.all(visits.map((v) => order(v, [{ menu_id: 'menu-blend', quantity: 1 }])));
    const paid = await Promise.all(
      visits.map((v, i) =>
        call<CheckoutAnswer>(v.guest, 'POST', '/api/orders/checkout', {
          json: { reservation_id: v.reservationId, payment_method: 'credit', order_ids: orders[i] },
          headers: withToken(v.token),
        }),
      ),
    );
    for (const p of paid) expect(p.status, JSON.stringify(p.body)).toBe(200);
    const numbers = paid.map((p) => p.body.receipt_number).sort((a, b) => a - b);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2, numbers[0]! + 3]);
  }, 120_000);

  it('a split by items: each part its own bill and receipt; the visit ends when the last is paid, its total the sum of the parts', async () => {
    const visit = await visitAt('seat-t1');
    await order(visit, [
      { menu_id: 'menu-gateau', quantity: 2, takeout: true },
      { menu_id: 'menu-blend', quantity: 1 },
    ]);
    const bad = await call(visit.guest, 'POST', '/api/orders/split', {
      json: { reservation_id: visit.reservationId, mode: 'items', parts: [[{ line: 0, quantity: 1 }], [{ line: 1, quantity: 1 }]] },
      headers: withToken(visit.token),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'split_mismatch' });
    const split = await call<{ split: { parts: { part_id: string; total: number }[] } }>(visit.guest, 'POST', '/api/orders/split', {
      json: {
        reservation_id: visit.reservationId,
        mode: 'items',
        parts: [
          [{ line: 0, quantity: 1 }],
          [
            { line: 0, quantity: 1 },
            { line: 1, quantity: 1 },
          ],
        ],
      },
      headers: withToken(visit.token),
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    // 550 + 8% = 594; 594 + (500 + 10% = 550) = 1,144.
    expect(split.body.split.parts.map((p) => p.total)).toEqual([594, 1144]);
    const first = await call<{ all_paid: boolean; receipt_id: string }>(visit.guest, 'POST', '/api/orders/split/pay', {
      json: { reservation_id: visit.reservationId, part_id: split.body.split.parts[0]!.part_id, payment_method: 'cash' },
      headers: withToken(visit.token),
    });
    expect(first.body.all_paid).toBe(false);
    const last = await call<{ all_paid: boolean; exited_at: string | null; receipt_ids: string[] }>(visit.guest, 'POST', '/api/orders/split/pay', {
      json: { reservation_id: visit.reservationId, part_id: split.body.split.parts[1]!.part_id, payment_method: 'qr' },
      headers: withToken(visit.token),
    });
    expect(last.body.all_paid).toBe(true);
    expect(last.body.exited_at).not.toBeNull();
    expect(last.body.receipt_ids).toHaveLength(2);
    const staff = await signedInAdmin(server.url);
    const receipts = await Promise.all(last.body.receipt_ids.map((id) => call<ReceiptJson>(staff, 'GET', `/api/receipts/${id}`)));
    expect(receipts.map((r) => [r.body.total, r.body.payment_method])).toEqual([
      [594, 'cash'],
      [1144, 'qr'],
    ]);
    // The visit is over: the token orders nothing more.
    const late = await call(visit.guest, 'POST', '/api/orders', {
      json: { reservation_id: visit.reservationId, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
      headers: withToken(visit.token),
    });
    expect(late.status).toBe(401);
  }, 120_000);

  it('the admin saves a registration number only with a valid check digit; receipts carry the saved one', async () => {
    const admin = await signedInAdmin(server.url);
    const form = { store_id: '2', rate_percent: '10', rounding: 'floor', reduced_rate_percent: '8', issuer_name: 'カフェ テスト', next_from: '' };
    const refused = await admin.send('POST', '/admin/tax-management?store_id=2', { form: { ...form, registration_number: 'T1234567890123' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('登録番号は「T」と13桁の数字（検査用数字が正しいもの）で入力してください。');
    const saved = await admin.send('POST', '/admin/tax-management?store_id=2', { form: { ...form, registration_number: 'T1180301018771' } });
    expect(saved.status).toBe(200);

    const visit = await visitAt('seat-s1');
    const orderIds = await order(visit, [{ menu_id: 'menu-blend', quantity: 1 }]);
    const paid = await call<CheckoutAnswer>(visit.guest, 'POST', '/api/orders/checkout', {
      json: { reservation_id: visit.reservationId, payment_method: 'qr', order_ids: orderIds },
      headers: withToken(visit.token),
    });
    const receipt = await call<ReceiptJson>(admin, 'GET', `/api/receipts/${paid.body.receipt_id}`);
    expect(receipt.body).toMatchObject({ registration_number: 'T1180301018771', issuer_name: 'カフェ テスト', payment_method: 'qr' });
  }, 120_000);
});

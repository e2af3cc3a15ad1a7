import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import { billingTexts, discountPresetTexts, discountTexts } from '../../apps/web/app/billing/texts';
import { adminStaffTexts } from '../../apps/web/app/staff-area/texts';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { checkedIn, DEMO_STORE, serverNow, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { eventLog } from './money-events';

/**
 * Decision 642: discounts at the register. Staff give a percentage or yen off the whole bill or
 * one order, with a reason; the bill, the checkout and the receipt carry it, each rate's base
 * reduced in proportion. Every bad input gets its clear message and appends nothing; a resend
 * with the same Idempotency-Key answers the first answer; a discount after the checkout is refused.
 */
type Answer = { status: number; body: Record<string, unknown> & { success?: boolean; error?: string; message?: string } };
type Bill = {
  total: number;
  subtotal: number;
  discount: number;
  discounts: { id: string; reason: string; amount: number; order_id: string | null; given_by: string }[];
  order_ids: string[];
  order_items: { price: number; quantity: number }[];
  totals_by_rate: { amount: number; tax: number }[];
};

describe('discounts at the register', () => {
  let server: TestWebServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTableOrderServer();
    admin = await signedInAdmin(server.url);
  });
  afterAll(() => server?.close());

  async function call(client: HttpClient, method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await client.send(method, path, { ...(json === undefined ? {} : { json }), headers });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  }
  const billOf = async (reservationId: string) => (await call(admin, 'GET', `/api/orders/checkout?reservation_id=${reservationId}`)).body as unknown as Bill;

  /** A walk-in at `seat` with one order per entry of `orders` (each that many blend coffees, 550円 tax included). */
  async function seatedWith(seat: string, orders: number[]) {
    const { guest, reservationId, token } = await checkedIn(server.url, seat, 2);
    for (const quantity of orders) {
      const placed = await call(
        guest,
        'POST',
        '/api/orders',
        { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity }] },
        withToken(token),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    return { reservationId, bill: await billOf(reservationId) };
  }

  const discount = (reservationId: string, body: Record<string, unknown>, client = admin, headers: Record<string, string> = {}) =>
    call(client, 'POST', '/api/orders/discount', { reservation_id: reservationId, kind: 'percent', value: 10, reason: '常連', ...body }, headers);

  /** A refused call: its status, its clear message, and not one event appended. */
  async function refusedWithNothingAppended(send: () => Promise<Answer>, status: number, expected: Record<string, unknown>) {
    const before = (await eventLog(admin)).length;
    const refused = await send();
    expect(refused.status, JSON.stringify(refused.body)).toBe(status);
    expect(refused.body).toMatchObject({ success: false, ...expected });
    expect((await eventLog(admin)).length).toBe(before);
  }

  it('10% off the whole bill: the bill, the checkout and the receipt say 値引（常連） and charge the rest; a resend with its key changes nothing', async () => {
    const { reservationId, bill } = await seatedWith('seat-t1', [2]);
    expect(bill.total).toBe(1100);
    const key = { 'idempotency-key': `discount-${reservationId}` };
    const given = await discount(reservationId, {}, admin, key);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ success: true, subtotal: 1100, discount: 110, total: 990 });
    expect((given.body as unknown as Bill).discounts).toMatchObject([{ reason: '常連', amount: 110, order_id: null }]);

    // The monitor resends after a dropped answer: the first answer again, nothing appended, one discount.
    const before = (await eventLog(admin)).length;
    const again = await discount(reservationId, {}, admin, key);
    expect(again.body).toEqual(given.body);
    expect((await eventLog(admin)).length).toBe(before);

    const now = await billOf(reservationId);
    expect(now.total).toBe(990);
    // The total is the sum of the shown prices less the discounts, and the rates add up to it.
    expect(now.total).toBe(now.order_items.reduce((s, i) => s + i.price * i.quantity, 0) - now.discount);
    expect(now.totals_by_rate.reduce((s, r) => s + r.amount, 0)).toBe(990);
    const paid = await call(admin, 'POST', '/api/orders/checkout', {
      reservation_id: reservationId,
      payment_method: 'cash',
      order_ids: now.order_ids,
      tendered: 1000,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ total: 990, change: 10 });
    const receipt = await call(admin, 'GET', `/api/receipts/${String(paid.body.receipt_id)}`);
    expect(receipt.body).toMatchObject({ total: 990, discounts: [{ reason: '常連', amount: 110 }] });
    const print = await (await httpClient(server.url).send('GET', String(paid.body.receipt_url))).text();
    expect(print).toContain(billingTexts.discountLine('常連'));
    expect(print).toMatch(/-110円/);

    // The daily close counts it by reason, as the receipt printed it.
    const date = tokyoDateOf(await serverNow(server));
    const close = await admin.getJson<DailyCloseAnswer>(`/api/admin/daily-close?store_id=${DEMO_STORE}&date=${date}`);
    expect(close.body.figures.discounts).toEqual({ count: 1, amount: 110, byReason: [{ reason: '常連', count: 1, amount: 110 }] });

    // After the checkout a discount is a refund (a 赤伝): refused, nothing written.
    await refusedWithNothingAppended(() => discount(reservationId, { reason: 'あとから' }), 409, {
      error: 'visit_ended',
      message: discountTexts.afterCheckout,
    });
  }, 120_000);

  it('500円 off one order is on that order alone, and taking it back leaves the bill as it was', async () => {
    const { reservationId, bill } = await seatedWith('seat-t2', [1, 2]);
    expect(bill.total).toBe(1650);
    const [first] = bill.order_ids;
    const given = await discount(reservationId, { kind: 'yen', value: 500, reason: 'クーポン', order_id: first });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ discount: 500, total: 1150 });
    // More than what is left of that order (550 − 500) is refused, though the bill would take it.
    await refusedWithNothingAppended(() => discount(reservationId, { kind: 'yen', value: 51, order_id: first }), 400, {
      error: 'discount_above_bill',
      message: discountTexts.aboveBill,
    });
    const removed = await call(admin, 'POST', '/api/orders/discount/remove', { reservation_id: reservationId, discount_id: given.body.discount_id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ discount: 0, total: 1650, discounts: [] });
    await refusedWithNothingAppended(
      () => call(admin, 'POST', '/api/orders/discount/remove', { reservation_id: reservationId, discount_id: given.body.discount_id }),
      404,
      { error: 'discount_unknown', message: discountTexts.unknown },
    );
  }, 120_000);

  it("the owner's presets: the demo's three are on the editor, a bad row is refused with nothing saved, and a saved list is the checkout's", async () => {
    const editor = async () => (await admin.page('/admin/discount-presets?store_id=2')).html;
    const before = await editor();
    for (const name of ['常連', 'スタッフ', 'クーポン']) expect(before).toContain(`value="${name}"`);
    const form = { store_id: '2', name_0: '常連', kind_0: 'percent', value_0: '10', name_1: '誕生日', kind_1: 'yen', value_1: '300' };
    const events = (await eventLog(admin)).length;
    const tooMuch = await admin.send('POST', '/admin/discount-presets?store_id=2', { form: { ...form, value_0: '150' } });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain(discountPresetTexts.invalid);
    expect((await eventLog(admin)).length).toBe(events);
    expect((await admin.send('POST', '/admin/discount-presets?store_id=2', { form })).status).toBe(200);
    const after = await editor();
    expect(after).toContain('value="誕生日"');
    expect(after).not.toContain('value="クーポン"');
    const checkout = (await admin.page('/monitor/checkout?store_id=2')).html;
    expect(checkout).toContain('誕生日');
  }, 120_000);

  describe('each bad input is refused with its message and changes nothing', () => {
    let reservationId: string;
    beforeAll(async () => {
      ({ reservationId } = await seatedWith('seat-t3', [2]));
    }, 120_000);

    it('a discount above the bill', async () => {
      await refusedWithNothingAppended(() => discount(reservationId, { kind: 'yen', value: 1101 }), 400, {
        error: 'discount_above_bill',
        message: discountTexts.aboveBill,
        field: 'value',
      });
    });

    it('a negative value', async () => {
      await refusedWithNothingAppended(() => discount(reservationId, { kind: 'yen', value: -100 }), 400, {
        error: 'discount_invalid',
        message: discountTexts.invalid,
        field: 'value',
      });
    });

    it('a fractional value', async () => {
      await refusedWithNothingAppended(() => discount(reservationId, { value: 10.5 }), 400, { error: 'discount_invalid', message: discountTexts.invalid });
    });

    it('a percentage above 100', async () => {
      await refusedWithNothingAppended(() => discount(reservationId, { value: 101 }), 400, {
        error: 'discount_percent_over',
        message: discountTexts.percentOver,
      });
    });

    it('a made-up order id', async () => {
      await refusedWithNothingAppended(() => discount(reservationId, { order_id: '019a0000-0000-7000-8000-000000000000' }), 404, {
        error: 'discount_order_unknown',
        message: discountTexts.orderUnknown,
        field: 'order_id',
      });
    });

    it('a made-up visit, for the discount and for the checkout: staff are told the visit is not found, not to scan a QR code', async () => {
      const madeUp = '019a0000-0000-7000-8000-00000000abcd';
      await refusedWithNothingAppended(() => discount(madeUp, {}), 404, { error: 'not_found', message: billingTexts.visitNotFound });
      await refusedWithNothingAppended(
        () => call(admin, 'POST', '/api/orders/checkout', { reservation_id: madeUp, payment_method: 'cash', order_ids: [] }),
        404,
        {
          error: 'not_found',
          message: billingTexts.visitNotFound,
        },
      );
    });

    it('a reason left out', async () => {
      await refusedWithNothingAppended(() => discount(reservationId, { reason: '  ' }), 400, {
        error: 'reason_required',
        message: discountTexts.reasonRequired,
        field: 'reason',
      });
    });

    it("another store's staff", async () => {
      const west = httpClient(server.url);
      const user = await signUp(west, { name: '西口 さん', email: 'west-discount@moncafe.test', password: 'west-discount-password-123' });
      expect((await admin.postJson(`/api/admin/users/${user.id}/roles`, { role: 'monitor', grant: true })).status).toBe(200);
      expect((await admin.send('PUT', `/api/users/${user.id}`, { json: { store_id: '3', wage: null } })).status).toBe(200);
      await refusedWithNothingAppended(() => discount(reservationId, {}, west), 403, { error: adminStaffTexts.notStoreStaff });
    });

    it('and the bill is as it was', async () => {
      expect(await billOf(reservationId)).toMatchObject({ total: 1100, discount: 0, discounts: [] });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITES_PER_HOUR } from '@moncafe/domain/reservation/visit';
import { floorTexts } from '../../apps/web/app/floor/texts';
import { salesTexts } from '../../apps/web/app/admin-area/register-texts';
import { callTexts } from '../../apps/web/app/http/texts';
import { localizedOrderTexts } from '../../apps/web/app/table-order/texts';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { checkedIn, DEMO_STORE, moveToOpenHours, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { eventLog } from '../register/money-events';

/**
 * What an outside probe found past the store boundary, replayed over HTTP (docs/security.md,
 * decisions 531–533): days that only look like days, a guest's erasure with a bad address, lines
 * and bidi overrides in a staff booking's name, phones of any text, commands about a store or a
 * staff call that does not exist, and invites without a limit. Each answer is a clear 4xx and the
 * event log holds nothing the refused request would have written.
 */
let server: TestWebServer;
let admin: HttpClient;
let today: string;

beforeAll(async () => {
  server = await startTestWebServer();
  await waitForOrderMenu(server.url);
  today = await moveToOpenHours(server);
  admin = await signedInAdmin(server.url);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const NOT_DAYS = ['2026-02-30', '0000-01-01', '2026-12-01x'];

describe('days that only look like days', () => {
  it('answers 400, never a 500, for an impossible date on the admin day’s reads', async () => {
    for (const call of ['/api/admin/day-summary', '/api/admin/orders/export.csv', '/api/admin/daily-close', '/api/admin/cost-lines']) {
      for (const date of NOT_DAYS) {
        const answer = await admin.get(`${call}?store_id=${DEMO_STORE}&date=${encodeURIComponent(date)}`);
        expect(answer.status, `${call} date=${date}: ${await answer.clone().text()}`).toBe(400);
        expect(((await answer.json()) as { success: boolean }).success).toBe(false);
      }
    }
  });

  it('answers 400 for a range with trailing junk, an impossible day or its end first, on every sales export; the sales page says the range is wrong', async () => {
    const calls = ['sales-lines', 'receipts', 'reservations', 'shifts'].map((k) => `/api/admin/sales/export/${k}`);
    for (const call of calls) {
      for (const [from, to] of [
        [`${today}x`, today],
        [today, `${today}x`],
        ['2026-02-30', today],
        [today, '2026-01-01'],
      ]) {
        const answer = await admin.get(`${call}?store_id=${DEMO_STORE}&from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}`);
        expect(answer.status, `${call} ${from}…${to}: ${await answer.clone().text()}`).toBe(400);
      }
    }
    for (const path of ['/admin/sales', '/admin/sales.data']) {
      const page = await admin.get(`${path}?store_id=${DEMO_STORE}&from=${today}x&to=${today}`);
      expect(page.status, path).toBeLessThan(500);
      expect(await page.text()).toContain(salesTexts.invalidRange);
    }
  });
});

describe('a guest’s erasure with an address that is none', () => {
  it('answers 400 naming the e-mail, and forgets nobody', async () => {
    const answer = await admin.postJson('/api/admin/guests/erase', { email: 'abc', reason: '本人の依頼' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, field: 'email' });
    expect((await eventLog(admin)).filter((e) => e.type === 'GuestErased' || e.type === 'GuestForgotten')).toEqual([]);
  });
});

describe('a staff booking’s one-line fields', () => {
  it('refuses a name with CR/LF, another control character or a bidi override, and a phone that is not a phone; nothing is booked', async () => {
    const before = (await eventLog(admin)).length;
    for (const name of ['a\r\nBcc: victim@example.jp', '山田\n花子', 'a\u0007b', '\u202Eコーヒー', 'a\u2066b\u2069']) {
      const answer = await admin.postJson('/api/monitor/staff-bookings', { walk_in: true, store_id: DEMO_STORE, people: 1, name });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, field: 'name' });
    }
    for (const phone of ['abc', '090-1234-5678\r\nBcc: x', '=HYPERLINK("x")', '090 ✆ 1234']) {
      const answer = await admin.postJson('/api/monitor/staff-bookings', { walk_in: true, store_id: DEMO_STORE, people: 1, name: '山田', phone });
      expect(answer.status, JSON.stringify(phone)).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, field: 'phone' });
    }
    expect((await eventLog(admin)).length).toBe(before);
  });
});

describe('a receipt’s addressee and proviso', () => {
  it('refuses a line break or a bidi override in either, and leaves the visit open', async () => {
    const { reservationId } = await checkedIn(server.url, 'seat-c1');
    for (const [field, value] of [
      ['addressee', '株式会社サンプル\r\n御中'],
      ['addressee', '\u202E株式会社'],
      ['proviso', '飲食代\n追記'],
    ] as const) {
      const answer = await admin.postJson('/api/orders/checkout', { reservation_id: reservationId, payment_method: 'cash', order_ids: [], [field]: value });
      expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, field });
    }
    const bill = await admin.getJson<{ success: boolean }>(`/api/orders/checkout?reservation_id=${reservationId}`);
    expect(bill.status).toBe(200);
    expect((await eventLog(admin)).filter((e) => e.type === 'CheckedOut' && e.streamId === `reservation-${reservationId}`)).toEqual([]);
  });
});

describe('commands about records that do not exist', () => {
  it('closes no day for a store that does not exist', async () => {
    const answer = await admin.send('POST', `/admin/daily-close?store_id=999&date=${today}`, {
      form: { intent: 'close', store_id: '999', date: today, cash_counted: '0', note: '' },
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(callTexts.unknownStore);
    expect((await eventLog(admin)).filter((e) => e.type === 'DayClosed')).toEqual([]);
    expect((await admin.get(`/api/admin/daily-close?store_id=999&date=${today}`)).status).toBe(404);
  });

  it('puts nobody on the staff list of a store that does not exist', async () => {
    const person = await signUp(httpClient(server.url), { name: '新人', email: 'newcomer@moncafe.test', password: 'newcomer-password-123' });
    for (const store of ['NaN', '999']) {
      const answer = await admin.send('PUT', `/api/users/${person.id}`, { json: { store_id: store, wage: 1100 } });
      expect(answer.status, store).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, error: callTexts.unknownStore });
    }
    expect((await eventLog(admin)).filter((e) => JSON.stringify(e.data).includes(person.id) && e.streamId.startsWith('catalog-'))).toEqual([]);
  });

  it('answers a staff call that was never made with 404, and one made once with success every time', async () => {
    const { reservationId, token } = await checkedIn(server.url, 'seat-t2');
    const never = await admin.postJson('/api/monitor/staff-calls/acknowledge', {
      reservation_id: reservationId,
      call_id: '01900000-0000-7000-8000-000000000000',
    });
    expect(never.status).toBe(404);
    expect(await never.json()).toMatchObject({ success: false, error: 'unknown_call', message: floorTexts.unknownCall });
    const called = await httpClient(server.url).send('POST', '/api/orders/call-staff', { json: { token } });
    const call = (await called.json()) as { call_id: string };
    expect(called.status, JSON.stringify(call)).toBe(200);
    for (let i = 0; i < 2; i++) {
      const answered = await admin.postJson('/api/monitor/staff-calls/acknowledge', { reservation_id: reservationId, call_id: call.call_id });
      expect(answered.status).toBe(200);
    }
  });
});

describe('invites', () => {
  it(`are limited to ${INVITES_PER_HOUR} an hour per visit, each opens the table once`, async () => {
    const { guest, token } = await checkedIn(server.url, 'seat-t1');
    const passes: string[] = [];
    for (let i = 0; i < INVITES_PER_HOUR; i++) {
      const invite = await guest.post<{ pass: string }>('/api/orders/invite', { token });
      expect(invite.status, JSON.stringify(invite.body)).toBe(200);
      passes.push(invite.body.pass);
    }
    const over = await guest.post('/api/orders/invite', { token });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, error: 'invite_limit', message: localizedOrderTexts.ja.inviteLimit });
    // A friend's phone that joined with a pass invites from the same visit's allowance.
    const friend = httpClient(server.url);
    const joined = await friend.post<{ token: string }>('/api/orders/join', { pass: passes[0] });
    expect(joined.status).toBe(200);
    expect((await friend.post('/api/orders/invite', { token: joined.body.token })).status).toBe(429);
    expect((await httpClient(server.url).post('/api/orders/join', { pass: passes[0] })).status).toBe(401);
    // An hour on, the table may invite again.
    await server.advanceClock(61 * 60_000);
    expect((await guest.post('/api/orders/invite', { token })).status).toBe(200);
  });
});

describe('the guests’ menu call', () => {
  it('says an item can be ordered, never how many the store has left', async () => {
    expect((await admin.post('/api/admin/menu-stock/menu-pudding', { quantity: 7, is_sold_out: 0, manage_stock: 1 })).status).toBe(200);
    const menu = await httpClient(server.url).getJson<{ menus: Record<string, unknown>[] }>(`/api/orders/menu?store_id=${DEMO_STORE}`);
    expect(menu.status).toBe(200);
    const pudding = menu.body.menus.find((m) => m.id === 'menu-pudding');
    expect(pudding).toMatchObject({ id: 'menu-pudding', orderable: true, few_left: false });
    for (const item of menu.body.menus)
      expect(
        Object.keys(item).filter((k) => ['quantity', 'manage_stock', 'is_sold_out'].includes(k)),
        String(item.id),
      ).toEqual([]);
    // Few left: the guest is told so, not how many.
    expect((await admin.post('/api/admin/menu-stock/menu-pudding', { quantity: 3, is_sold_out: 0, manage_stock: 1 })).status).toBe(200);
    const few = await httpClient(server.url).getJson<{ menus: Record<string, unknown>[] }>(`/api/orders/menu?store_id=${DEMO_STORE}`);
    expect(few.body.menus.find((m) => m.id === 'menu-pudding')).toMatchObject({ orderable: true, few_left: true });
    expect(JSON.stringify(few.body)).not.toContain('"quantity"');
    // The kitchen still reads the count.
    const stock = await admin.getJson<{ items: { id: string; quantity: number }[] }>(`/api/admin/menu-stock?store_id=${DEMO_STORE}`);
    expect(stock.body.items.find((i) => i.id === 'menu-pudding')?.quantity).toBe(3);
  });
});

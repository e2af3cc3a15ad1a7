import { describe, expect, it } from 'vitest';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import { billingRefusals } from '../../apps/web/app/billing/texts';
import { httpClient, type HttpClient } from '../support/http-client';
import { checkedIn, DEMO_STORE, serverNow, tableOrderServerWithAdmin, withToken } from '../support/table-order';
import { eventLog } from './money-events';

/**
 * Decision 640: cash tendered and change. The checkout and a split part's payment take `tendered`
 * for cash and answer `change`; the receipt prints お預かり and お釣り; the daily close counts the
 * change given. Tendered below the total, for a card, or not a whole number of yen is refused with
 * a clear message and appends nothing; a resent checkout answers the first answer.
 */
type Answer = { status: number; body: Record<string, unknown> & { success?: boolean; error?: string; message?: string } };

describe('cash tendered and change', () => {
  const ctx = tableOrderServerWithAdmin();

  async function call(client: HttpClient, method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await client.send(method, path, { ...(json === undefined ? {} : { json }), headers });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  }

  /** A walk-in at `seat` with one blend coffee eaten in (550円 tax included) and its bill's order ids. */
  async function seatedWithCoffee(seat: string, quantity = 1) {
    const { guest, reservationId, token } = await checkedIn(ctx.server.url, seat, 2);
    const placed = await call(guest, 'POST', '/api/orders', { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity }] }, withToken(token));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const bill = await call(ctx.admin, 'GET', `/api/orders/checkout?reservation_id=${reservationId}`);
    return { reservationId, orderIds: bill.body.order_ids as string[], total: bill.body.total as number };
  }

  /** A refused call: the clear message, and not one event appended. */
  async function refusedWithNothingAppended(send: () => Promise<Answer>, expected: Record<string, unknown>) {
    const before = (await eventLog(ctx.admin)).length;
    const refused = await send();
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ success: false, ...expected });
    expect((await eventLog(ctx.admin)).length).toBe(before);
  }

  it('takes 1,000円 for a 550円 bill: the answer, the receipt and its print say お預かり 1,000円 and お釣り 450円', async () => {
    const visit = await seatedWithCoffee('seat-t1');
    expect(visit.total).toBe(550);
    const body = { reservation_id: visit.reservationId, payment_method: 'cash', order_ids: visit.orderIds, tendered: 1000 };
    const key = { 'idempotency-key': `cash-${visit.reservationId}` };
    const paid = await call(ctx.admin, 'POST', '/api/orders/checkout', body, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ success: true, total: 550, payment_method: 'cash', tendered: 1000, change: 450 });

    // The register resends after a dropped answer: the first answer again, one receipt, nothing appended.
    const before = (await eventLog(ctx.admin)).length;
    const again = await call(ctx.admin, 'POST', '/api/orders/checkout', body, key);
    expect(again.body).toEqual(paid.body);
    expect((await eventLog(ctx.admin)).length).toBe(before);

    const receipt = await call(ctx.admin, 'GET', `/api/receipts/${String(paid.body.receipt_id)}`);
    expect(receipt.body).toMatchObject({ total: 550, payment_method: 'cash', tendered: 1000, change: 450 });
    const print = await (await httpClient(ctx.server.url).send('GET', String(paid.body.receipt_url))).text();
    expect(print).toMatch(/お預かり<\/th><td[^>]*>1,000円/);
    expect(print).toMatch(/お釣り<\/th><td[^>]*>450円/);
  }, 120_000);

  it('refuses tendered below the total, tendered for a card, and amounts that are no whole yen, appending nothing', async () => {
    const visit = await seatedWithCoffee('seat-t2', 2);
    expect(visit.total).toBe(1100);
    const pay = (extra: Record<string, unknown>) => () =>
      call(ctx.admin, 'POST', '/api/orders/checkout', { reservation_id: visit.reservationId, order_ids: visit.orderIds, payment_method: 'cash', ...extra });
    await refusedWithNothingAppended(pay({ tendered: 1099 }), { error: 'tendered_short', message: billingRefusals.tenderedShort });
    await refusedWithNothingAppended(pay({ tendered: 2000, payment_method: 'credit' }), {
      error: 'tendered_not_cash',
      message: billingRefusals.tenderedNotCash,
    });
    await refusedWithNothingAppended(pay({ tendered: 1100.5 }), { field: 'tendered' });
    await refusedWithNothingAppended(pay({ tendered: -1 }), { field: 'tendered' });
    await refusedWithNothingAppended(pay({ tendered: '2000' }), { field: 'tendered' });
    // Still open, and paying exactly works: no change.
    const bill = await call(ctx.admin, 'GET', `/api/orders/checkout?reservation_id=${visit.reservationId}`);
    expect(bill.body.exited_at).toBeNull();
    const exact = await pay({ tendered: 1100 })();
    expect(exact.body).toMatchObject({ success: true, tendered: 1100, change: 0 });
  }, 120_000);

  it('a split part paid in cash takes its own tendered; too little for the part is refused', async () => {
    const visit = await seatedWithCoffee('seat-t3', 2);
    const split = await call(ctx.admin, 'POST', '/api/orders/split', { reservation_id: visit.reservationId, mode: 'equal', parts: 2 });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const parts = ((split.body.split as { parts: unknown[] }).parts as { part_id: string; total: number }[]).map((p) => ({ id: p.part_id, total: p.total }));
    expect(parts.map((p) => p.total)).toEqual([550, 550]);
    const payPart = (partId: string, extra: Record<string, unknown>) => () =>
      call(ctx.admin, 'POST', '/api/orders/split/pay', { reservation_id: visit.reservationId, part_id: partId, payment_method: 'cash', ...extra });
    await refusedWithNothingAppended(payPart(parts[0]!.id, { tendered: 549 }), { error: 'tendered_short', message: billingRefusals.tenderedShort });
    const first = await payPart(parts[0]!.id, { tendered: 600 })();
    expect(first.body).toMatchObject({ success: true, total: 550, tendered: 600, change: 50, all_paid: false });
    const second = await payPart(parts[1]!.id, { payment_method: 'credit' })();
    expect(second.body).toMatchObject({ success: true, tendered: null, change: null, all_paid: true });
  }, 120_000);

  it("the daily close's expected cash is what was handed over less the change given", async () => {
    const date = tokyoDateOf(await serverNow(ctx.server));
    const close = async () => (await ctx.admin.getJson<DailyCloseAnswer>(`/api/admin/daily-close?store_id=${DEMO_STORE}&date=${date}`)).body.figures;
    const before = await close();
    const visit = await seatedWithCoffee('seat-t4', 3);
    expect(visit.total).toBe(1650);
    const paid = await call(ctx.admin, 'POST', '/api/orders/checkout', {
      reservation_id: visit.reservationId,
      payment_method: 'cash',
      order_ids: visit.orderIds,
      tendered: 5000,
    });
    expect(paid.body).toMatchObject({ success: true, change: 3350 });
    const after = await close();
    expect(after.cash.tendered - before.cash.tendered).toBe(5000);
    expect(after.cash.change - before.cash.change).toBe(3350);
    expect(after.cashExpected - before.cashExpected).toBe(1650);
    // No 赤伝 in this file: the drawer holds exactly what came in less what went back.
    expect(after.refunds.count).toBe(0);
    expect(after.cashExpected).toBe(after.cash.tendered - after.cash.change);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import type { ReceiptAnswer } from '../../apps/web/app/billing/answers';
import { billingTexts } from '../../apps/web/app/billing/texts';
import { adminStaffTexts } from '../../apps/web/app/staff-area/texts';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { checkedIn, DEMO_STORE, serverNow, tableOrderServerWithAdmin, withToken } from '../support/table-order';
import { eventLog, expectFiguresOfEvents, figuresFromEvents } from './money-events';

/**
 * Decision 647: an equal part's receipt states the whole bill it is a share of — its total, per
 * rate, the number of parts — and names the bill's other part receipts. Decision 648: a receipt is
 * corrected (訂正) in one call that issues its 赤伝 and the corrected receipt, numbered one after the
 * other and naming each other; the sales and the close count it as no refund, the payment method
 * moving when it changed. Before, an equal part's receipt said nothing of the bill it shared, and a
 * correction was a 赤伝 with no corrected receipt at all.
 */
type Answer = { status: number; body: Record<string, unknown> };

describe('receipts that refer to each other', () => {
  const ctx = tableOrderServerWithAdmin();

  async function call(client: HttpClient, method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await client.send(method, path, { ...(json === undefined ? {} : { json }), headers });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  }
  const receipt = async (id: string) => (await call(ctx.admin, 'GET', `/api/receipts/${id}`)).body as unknown as ReceiptAnswer;
  const printed = async (id: string) => (await ctx.admin.send('GET', `/receipts/${id}`)).text();
  const today = async () => tokyoDateOf(await serverNow(ctx.server));
  const closeFigures = async () =>
    (await ctx.admin.getJson<DailyCloseAnswer>(`/api/admin/daily-close?store_id=${DEMO_STORE}&date=${await today()}`)).body.figures;

  /** A party at `seat` (two unless a counter seat's one) with `quantity` blend coffees (550円 each, tax included). */
  async function seatedWithCoffee(seat: string, quantity: number, people = 2) {
    const { guest, reservationId, token } = await checkedIn(ctx.server.url, seat, people);
    const placed = await call(guest, 'POST', '/api/orders', { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity }] }, withToken(token));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { reservationId, orderIds: [placed.body.order_id as string] };
  }

  /** One coffee at `seat`, checked out whole by the register with `payment` (cash unless it says): its receipt's id and number. */
  async function paidCoffee(seat: string, payment: Record<string, unknown> = {}, people = 2) {
    const visit = await seatedWithCoffee(seat, 1, people);
    const paid = await call(ctx.admin, 'POST', '/api/orders/checkout', {
      reservation_id: visit.reservationId,
      payment_method: 'cash',
      order_ids: visit.orderIds,
      ...payment,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { receiptId: paid.body.receipt_id as string, number: paid.body.receipt_number as number };
  }

  it('prints on each equal part’s receipt the whole bill’s total, its rates, the parts and the other parts’ receipts', async () => {
    const visit = await seatedWithCoffee('seat-t1', 3);
    const split = await call(ctx.admin, 'POST', '/api/orders/split', { reservation_id: visit.reservationId, mode: 'equal', parts: 3 });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const ids: string[] = [];
    for (const part of (split.body.split as { parts: { part_id: string }[] }).parts) {
      const paid = await call(ctx.admin, 'POST', '/api/orders/split/pay', {
        reservation_id: visit.reservationId,
        part_id: part.part_id,
        payment_method: 'cash',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      ids.push(paid.body.receipt_id as string);
    }
    const receipts = await Promise.all(ids.map(receipt));
    const parts = receipts.map((r) => ({ receipt_id: r.id, number: r.number, label: r.part_label }));
    expect(parts.map((p) => p.label)).toEqual(['1/3', '2/3', '3/3']);
    for (const r of receipts) {
      // Its own share per rate, as before, and the whole bill beside it.
      expect(r.totals_by_rate.reduce((n, t) => n + t.amount, 0)).toBe(r.total);
      expect(r.whole_bill).toMatchObject({ total: 1650, parts: 3, part_receipts: parts });
      expect(r.whole_bill!.totals_by_rate.map((t) => [t.rate, t.amount, t.tax])).toEqual([[10, 1650, 150]]);
    }
    expect(receipts.reduce((n, r) => n + r.total, 0)).toBe(1650);
    const page = await printed(ids[1]!);
    expect(page).toContain(billingTexts.wholeBillReference('1,650円', 3, '2'));
    expect(page).toContain(billingTexts.wholeBillRate(10, false, '1,650円', '150円'));
    expect(page).toContain(billingTexts.partReceipts(parts.map((p) => ({ number: p.number, label: p.label ?? '' }))));
    // A whole bill's receipt is no share of anything.
    expect((await receipt((await paidCoffee('seat-t2')).receiptId)).whole_bill).toBeNull();
  }, 120_000);

  it('corrects a receipt in one go: its 赤伝 and the corrected receipt, numbered one after the other, each naming the other; sales unchanged, the method moved', async () => {
    const { receiptId: originalId, number } = await paidCoffee('seat-t3', { tendered: 1000, addressee: 'ヤマダ', proviso: 'ご飲食代' });
    const before = await closeFigures();
    const salesBefore = await call(ctx.admin, 'GET', `/api/admin/sales/summary?store_id=${DEMO_STORE}`);
    expect(salesBefore.status).toBe(200);

    const corrected = await call(ctx.admin, 'POST', `/api/receipts/${originalId}/correct`, {
      reason: '宛名違い',
      addressee: '株式会社ヤマダ',
      payment_method: 'credit',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const answer = corrected.body as { cancellation: { receipt_id: string; number: number }; corrected: { receipt_id: string; number: number } };
    expect([answer.cancellation.number, answer.corrected.number]).toEqual([number + 1, number + 2]);

    const [original, cancellation, replacement] = await Promise.all([originalId, answer.cancellation.receipt_id, answer.corrected.receipt_id].map(receipt));
    expect(original).toMatchObject({ cancelled_by: cancellation!.id, corrected_by: answer.corrected });
    expect(cancellation).toMatchObject({
      kind: 'cancellation',
      total: -550,
      payment_method: 'cash',
      cancels: { receipt_id: originalId, number, reason: '宛名違い' },
      replaced_by: answer.corrected,
    });
    expect(replacement).toMatchObject({
      kind: 'sale',
      total: 550,
      addressee: '株式会社ヤマダ',
      proviso: 'ご飲食代',
      payment_method: 'credit',
      tendered: null,
      change: null,
      corrects: { receipt_id: originalId, number, cancellation: answer.cancellation, reason: '宛名違い' },
      cancelled_by: null,
    });
    expect(replacement!.lines).toEqual(original!.lines);
    expect(await printed(replacement!.id)).toContain(billingTexts.corrects(number, '宛名違い'));
    expect(await printed(cancellation!.id)).toContain(billingTexts.replacedBy(answer.corrected.number));
    expect(await printed(originalId)).toContain(billingTexts.correctedNotice(answer.corrected.number));

    // The close: no refund, the same sales, the sale moved from cash to card (its count too).
    const after = await closeFigures();
    expect(after.sales).toEqual(before.sales);
    expect(after.refunds).toEqual(before.refunds);
    const method = (f: typeof after, m: string) => f.byMethod.find((x) => x.method === m) ?? { count: 0, total: 0 };
    expect(method(after, 'cash')).toMatchObject({ count: method(before, 'cash').count - 1, total: method(before, 'cash').total - 550 });
    expect(method(after, 'credit')).toMatchObject({ count: method(before, 'credit').count + 1, total: method(before, 'credit').total + 550 });
    expect(after.cashExpected).toBe(before.cashExpected - 550);
    expect(after.cash).toEqual({ tendered: before.cash.tendered - 1000, change: before.cash.change - 450 });
    expect(after.corrections).toEqual({ count: 1, amount: 550, byReason: [{ reason: '宛名違い', count: 1, amount: 550 }] });
    expectFiguresOfEvents(after, figuresFromEvents(await eventLog(ctx.admin), DEMO_STORE, await today()));
    expect((await call(ctx.admin, 'GET', `/api/admin/sales/summary?store_id=${DEMO_STORE}`)).body).toEqual(salesBefore.body);

    // Corrected again, the addressee only: the cash-free corrected receipt stays by card, the close's sales still the same.
    const again = await call(ctx.admin, 'POST', `/api/receipts/${replacement!.id}/correct`, { reason: '但し書き追加', proviso: 'お品代' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const third = await receipt((again.body.corrected as { receipt_id: string }).receipt_id);
    expect(third).toMatchObject({ payment_method: 'credit', addressee: '株式会社ヤマダ', proviso: 'お品代', total: 550 });
    const last = await closeFigures();
    expect(last.sales).toEqual(before.sales);
    expect(method(last, 'credit')).toEqual(method(after, 'credit'));
    expect((await call(ctx.admin, 'GET', `/api/admin/sales/summary?store_id=${DEMO_STORE}`)).body).toEqual(salesBefore.body);
  }, 120_000);

  it('refuses, in Japanese and with nothing appended, a correction without a reason or a change, of a cancelled receipt, a 赤伝, another store’s receipt and a made-up one', async () => {
    const saleId = (await paidCoffee('seat-t4')).receiptId;
    const cancelled = await call(ctx.admin, 'POST', `/api/receipts/${saleId}/cancel`, { reason: '返金' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const openId = (await paidCoffee('seat-c1', {}, 1)).receiptId;
    // A monitor of the other demo store (3).
    const westMonitor = httpClient(ctx.server.url);
    const user = await signUp(westMonitor, { name: '西のモニター', email: 'west-monitor@moncafe.test', password: 'west-monitor-password-123' });
    expect((await ctx.admin.postJson(`/api/admin/users/${user.id}/roles`, { role: 'monitor', grant: true })).status).toBe(200);
    expect((await ctx.admin.send('PUT', `/api/users/${user.id}`, { json: { store_id: '3', wage: null } })).status).toBe(200);

    const logged = (await eventLog(ctx.admin)).length;
    const refusals: [string, HttpClient, string, unknown, number, string][] = [
      ['no reason', ctx.admin, openId, { addressee: '別名' }, 400, billingTexts.correctionReasonRequired],
      ['a blank reason', ctx.admin, openId, { reason: '', addressee: '別名' }, 400, billingTexts.correctionReasonRequired],
      ['nothing changed', ctx.admin, openId, { reason: '宛名違い', payment_method: 'cash' }, 400, billingTexts.correctionUnchanged],
      ['a cancelled receipt', ctx.admin, saleId, { reason: '宛名違い', addressee: '別名' }, 409, billingTexts.receiptCancelled],
      ['a 赤伝', ctx.admin, cancelled.body.receipt_id as string, { reason: '宛名違い', addressee: '別名' }, 409, billingTexts.notASale],
      ['a made-up receipt', ctx.admin, crypto.randomUUID(), { reason: '宛名違い', addressee: '別名' }, 404, billingTexts.receiptNotFound],
      ['not a receipt id', ctx.admin, 'no-such-receipt', { reason: '宛名違い', addressee: '別名' }, 404, billingTexts.receiptNotFound],
    ];
    for (const [what, client, id, body, status, message] of refusals) {
      const refused = await call(client, 'POST', `/api/receipts/${encodeURIComponent(id)}/correct`, body);
      expect(refused.status, `${what}: ${JSON.stringify(refused.body)}`).toBe(status);
      expect(refused.body.message, what).toBe(message);
    }
    // Another store's monitor is refused at the store boundary, as for a 赤伝.
    const foreign = await call(westMonitor, 'POST', `/api/receipts/${openId}/correct`, { reason: '宛名違い', addressee: '別名' });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(403);
    expect(foreign.body.error).toBe(adminStaffTexts.notStoreStaff);
    expect((await eventLog(ctx.admin)).length).toBe(logged);
    expect(await receipt(openId)).toMatchObject({ cancelled_by: null, corrected_by: null });
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { checkedIn, tableOrderServerWithAdmin, withToken } from '../support/table-order';
import { eventLog } from './money-events';

/**
 * Decision 644: a checkout asked for again once it was done — its first answer lost with a process
 * that stopped before the answer was kept for its Idempotency-Key, so the resend is a new request,
 * or a second tap on another screen — is answered as it was paid: the same receipt, the payment as
 * recorded, nothing appended. Before, the guest who had paid was told the visit had ended (and
 * staff, that the token was dead).
 */
type Answer = { status: number; body: Record<string, unknown> };

describe('a checkout asked for again after it was done', () => {
  const ctx = tableOrderServerWithAdmin();

  async function call(client: HttpClient, path: string, json: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await client.send('POST', path, { json, headers });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  }

  async function seatedWithCoffee(seat: string) {
    const { guest, reservationId, token } = await checkedIn(ctx.server.url, seat, 2);
    const placed = await call(guest, '/api/orders', { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 1 }] }, withToken(token));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { reservationId, token, orderIds: [placed.body.order_id as string] };
  }

  it('answers the guest’s resend and another screen’s tap as it was paid: one receipt, nothing appended', async () => {
    const visit = await seatedWithCoffee('seat-t1');
    const guest = httpClient(ctx.server.url);
    const body = { reservation_id: visit.reservationId, payment_method: 'cash', order_ids: visit.orderIds, tendered: 1000 };
    const paid = await call(guest, '/api/orders/checkout', body, { ...withToken(visit.token), 'idempotency-key': crypto.randomUUID() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ success: true, total: 550, payment_method: 'cash', tendered: 1000, change: 450 });
    const before = (await eventLog(ctx.admin)).length;

    // The same request under a key no answer was kept for: the token ended with the checkout, and still the payment is told.
    const resent = await call(guest, '/api/orders/checkout', body, { ...withToken(visit.token), 'idempotency-key': crypto.randomUUID() });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({
      success: true,
      total: 550,
      payment_method: 'cash',
      tendered: 1000,
      change: 450,
      receipt_id: paid.body.receipt_id,
      receipt_number: paid.body.receipt_number,
    });
    // The register taps it too, by card: told what was paid, by the method it was paid with.
    const tapped = await call(ctx.admin, '/api/orders/checkout', { ...body, payment_method: 'credit', tendered: undefined });
    expect(tapped.status, JSON.stringify(tapped.body)).toBe(200);
    expect(tapped.body).toMatchObject({ payment_method: 'cash', receipt_id: paid.body.receipt_id });
    expect((await eventLog(ctx.admin)).length).toBe(before);
  }, 120_000);

  it('still refuses other orders than were paid, and another visit’s token', async () => {
    const visit = await seatedWithCoffee('seat-t2');
    const other = await seatedWithCoffee('seat-t3');
    const body = { reservation_id: visit.reservationId, payment_method: 'credit', order_ids: visit.orderIds };
    expect((await call(ctx.admin, '/api/orders/checkout', body)).status).toBe(200);
    const before = (await eventLog(ctx.admin)).length;
    const otherOrders = await call(ctx.admin, '/api/orders/checkout', { ...body, order_ids: other.orderIds });
    expect(otherOrders.status).toBe(409);
    expect(otherOrders.body).toMatchObject({ error: 'orders_changed' });
    const foreign = await call(httpClient(ctx.server.url), '/api/orders/checkout', body, withToken(other.token));
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ error: 'invalid_token' });
    expect((await eventLog(ctx.admin)).length).toBe(before);
  }, 120_000);
});

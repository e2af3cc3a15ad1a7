import { describe, expect, it } from 'vitest';
import { sendOrder, type CallAnswer, type SendOrderDeps } from './send-order';
import type { Visit } from './visit-store';

const visit: Visit = {
  reservationId: 'r1',
  seatId: 'seat-t1',
  seatName: 'テーブル1',
  storeId: '2',
  token: 'r1.old',
  validUntil: null,
  people: 2,
  position: null,
  seatCode: 'printed-code',
  pendingOrderId: null,
};
const items = [{ menu_id: 'menu-blend', quantity: 2 }];

/** Answers from a script, recording every call. */
function deps(answers: CallAnswer[], located: Awaited<ReturnType<SendOrderDeps['locate']>> = { ok: true, lat: 35.69, lng: 139.69, accuracy: 20 }) {
  const calls: { url: string; body: Record<string, unknown>; headers?: Record<string, string> }[] = [];
  let n = 0;
  const d: SendOrderDeps = {
    async post(url, body, headers) {
      calls.push({ url, body: body as Record<string, unknown>, ...(headers ? { headers } : {}) });
      return answers.shift() ?? { status: 500, body: {} };
    },
    uuid: () => `order-${++n}`,
    locate: async () => located,
  };
  return { d, calls };
}

describe('sending an order from the phone', () => {
  it('places it with the token and a new order id', async () => {
    const { d, calls } = deps([{ status: 200, body: { success: true, order_id: 'order-1', subtotal: 1000 } }]);
    const { outcome, visit: after } = await sendOrder(d, visit, items);
    expect(outcome).toEqual({ kind: 'placed', orderId: 'order-1', subtotal: 1000 });
    expect(calls[0]).toMatchObject({
      url: '/api/orders',
      body: { order_id: 'order-1', reservation_id: 'r1', seat_id: 'seat-t1', items },
      headers: { Authorization: 'Bearer r1.old' },
    });
    expect(after.pendingOrderId).toBeNull();
  });

  it('on 401 renews the token once (with a fresh position) and retries with the same order id', async () => {
    const { d, calls } = deps([
      { status: 401, body: { error: 'invalid_token' } },
      { status: 200, body: { success: true, token: 'r1.new', reservation_id: 'r1', valid_until: null } },
      { status: 200, body: { success: true, order_id: 'order-1', subtotal: 1000 } },
    ]);
    const { outcome, visit: after } = await sendOrder(d, visit, items);
    expect(outcome.kind).toBe('placed');
    expect(calls.map((c) => c.url)).toEqual(['/api/orders', '/api/qr-token', '/api/orders']);
    // Decision 153: the renewal shows the seat's code and the token it replaces.
    expect(calls[1]?.body).toMatchObject({ seat_id: 'seat-t1', seat_code: 'printed-code', token: 'r1.old', lat: 35.69, lng: 139.69 });
    expect(calls[2]).toMatchObject({ body: { order_id: 'order-1' }, headers: { Authorization: 'Bearer r1.new' } });
    expect(after.token).toBe('r1.new');
  });

  it('asks for a rescan when the renewal is refused or the retry is refused again', async () => {
    const refusedRenewal = deps(
      [
        { status: 403, body: {} },
        { status: 403, body: { error: 'outside_geofence' } },
      ],
      { ok: false, failure: 'denied' },
    );
    expect((await sendOrder(refusedRenewal.d, visit, items)).outcome).toEqual({ kind: 'auth_failed' });
    expect(refusedRenewal.calls[1]?.body).toEqual({ seat_id: 'seat-t1', seat_code: 'printed-code', token: 'r1.old', skip_location_check: true });
    const refusedTwice = deps([
      { status: 401, body: {} },
      { status: 200, body: { token: 'r1.new', reservation_id: 'r1' } },
      { status: 401, body: {} },
    ]);
    expect((await sendOrder(refusedTwice.d, visit, items)).outcome).toEqual({ kind: 'auth_failed' });
    // A token for whoever sits there now is not this visit's.
    const otherVisit = deps([
      { status: 401, body: {} },
      { status: 200, body: { token: 'r2.x', reservation_id: 'r2' } },
    ]);
    expect((await sendOrder(otherVisit.d, visit, items)).outcome).toEqual({ kind: 'auth_failed' });
  });

  it('keeps the order id when the network failed, so the resend places nothing twice', async () => {
    const { d, calls } = deps([{ status: 0, body: {} }]);
    const first = await sendOrder(d, visit, items);
    expect(first.outcome).toEqual({ kind: 'offline' });
    expect(first.visit.pendingOrderId).toBe('order-1');
    const again = deps([{ status: 200, body: { success: true, subtotal: 1000 } }]);
    await sendOrder(again.d, first.visit, items);
    expect(again.calls[0]?.body.order_id).toBe('order-1');
    expect(calls).toHaveLength(1);
  });

  it('names the items that sold out', async () => {
    const { d } = deps([{ status: 409, body: { error: 'sold_out', menu_ids: ['menu-gateau'] } }]);
    const { outcome, visit: after } = await sendOrder(d, visit, items);
    expect(outcome).toEqual({ kind: 'sold_out', menuIds: ['menu-gateau'] });
    expect(after.pendingOrderId).toBeNull();
  });
});

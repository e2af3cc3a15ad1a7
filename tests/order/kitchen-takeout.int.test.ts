import { describe, expect, it } from 'vitest';
import type { Answer as ReadyAnswer } from '../../apps/web/app/routes/api/orders/ready/route';
import { checkedIn, DEMO_STORE, tableOrderServerWithAdmin, withToken } from '../support/table-order';

/** Decision 641: the kitchen knows what is to take away; `/api/orders/ready` items carry `takeout`. */
describe('the kitchen knows takeout', () => {
  const ctx = tableOrderServerWithAdmin();

  it('a cake to take away and a coffee eaten in: the ready order says which line is takeout', async () => {
    const { guest, reservationId, token } = await checkedIn(ctx.server.url, 'seat-t1', 2);
    const placed = await guest.send('POST', '/api/orders', {
      json: {
        reservation_id: reservationId,
        items: [
          { menu_id: 'menu-blend', quantity: 1 },
          { menu_id: 'menu-gateau', quantity: 2, takeout: true },
        ],
      },
      headers: withToken(token),
    });
    expect(placed.status, await placed.text()).toBe(200);
    const ready = await ctx.admin.getJson<ReadyAnswer>(`/api/orders/ready?store_id=${DEMO_STORE}`);
    expect(ready.status).toBe(200);
    const order = ready.body.orders.find((o) => o.reservation_id === reservationId);
    expect(order?.items.map((i) => [i.menu_id, i.quantity, i.takeout])).toEqual([
      ['menu-blend', 1, false],
      ['menu-gateau', 2, true],
    ]);
  }, 120_000);
});

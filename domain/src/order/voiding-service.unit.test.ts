import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { toStreamName as stockStream } from '../stock/events';
import { STORE } from '../testing/reservation-catalog';
import { guestCheckIn, tableTestSystem } from '../testing/table-system';
import { testIds } from '../testing/test-ids';
import { orderVoidingService } from './voiding-service';

const staff = { kind: 'staff' as const, actor: 'staff-1' };

async function seatedWithOrder() {
  const t = tableTestSystem();
  const voiding = orderVoidingService({ ...t, ids: testIds });
  await t.stock.set({ storeId: STORE, settings: [{ menuId: 'cake', manageStock: true, quantity: 5, isSoldOut: false }], actor: 'staff-1', correlationId: 'c' });
  const guest = await guestCheckIn(t);
  const items = [
    { menuId: 'coffee', quantity: 2 },
    { menuId: 'cake', quantity: 2 },
  ];
  const order = await t.ordering.place({ orderId: null, reservationId: guest.reservationId, seatId: 'T1', items, auth: staff, correlationId: 'c' });
  return { t, voiding, guest, order };
}

const cakeCount = async (t: ReturnType<typeof tableTestSystem>) =>
  (await t.eventStore.readStream(stockStream(STORE)))
    .flatMap((e) => (e.data as { lines?: { menuId: string; remaining: number }[] }).lines ?? [])
    .filter((l) => l.menuId === 'cake')
    .at(-1)?.remaining;

describe('voiding an order before checkout (decision 283)', () => {
  it('gives counted stock back once, and the bill is recomputed', async () => {
    const { t, voiding, guest, order } = await seatedWithOrder();
    expect(await cakeCount(t)).toBe(3);
    await voiding.voidOrder({ orderId: order.orderId, menuId: 'cake', reason: '品切れ', actor: 'staff-1', correlationId: 'c' });
    await voiding.voidOrder({ orderId: order.orderId, menuId: 'cake', reason: '品切れ', actor: 'staff-1', correlationId: 'c' });
    expect(await cakeCount(t)).toBe(5);
    const bill = await t.table.bill({ reservationId: guest.reservationId, auth: staff });
    expect(bill.orders.flatMap((o) => o.lines.map((l) => l.menuId))).toEqual(['coffee']);
    expect(bill.subtotal).toBe(1100);
    await voiding.voidOrder({ orderId: order.orderId, menuId: null, reason: '取り消し', actor: 'staff-1', correlationId: 'c' });
    expect((await t.table.bill({ reservationId: guest.reservationId, auth: staff })).orders).toEqual([]);
  });

  it('needs a reason, and refuses once the party has checked out', async () => {
    const { t, voiding, guest, order } = await seatedWithOrder();
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof DomainError ? e.code : e),
      );
    expect(await refusal(voiding.voidOrder({ orderId: order.orderId, menuId: 'cake', reason: ' ', actor: 'staff-1', correlationId: 'c' }))).toBe(
      'reason_required',
    );
    await t.table.checkOut({ reservationId: guest.reservationId, auth: staff, method: 'cash', orderIds: null, correlationId: 'c' });
    expect(await refusal(voiding.voidOrder({ orderId: order.orderId, menuId: 'cake', reason: '間違い', actor: 'staff-1', correlationId: 'c' }))).toBe(
      'visit_ended',
    );
  });
});

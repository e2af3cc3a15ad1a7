import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { assertNever } from '@moncafe/domain/decider';
import { ORDER_CATEGORY, fromStreamName as orderOf, orderSubtotal, parseOrderEvent } from '@moncafe/domain/order/events';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { RESERVATION_CATEGORY, fromStreamName as reservationOf, parseReservationEvent } from '@moncafe/domain/reservation/events';
import type { Projector } from '../projector';
import type { OrderItemRow } from './table';

const withState = (items: readonly OrderItemRow[], stateOf: (item: OrderItemRow) => 'ready' | 'done') => items.map((i) => ({ ...i, state: stateOf(i) }));

/**
 * Orders (one row per order) and payments (one row per checked-out reservation). Every write sets
 * values, so a replay is harmless.
 */
export const ordersProjector: Projector = {
  name: 'orders',
  tables: ['orders', 'payments'],
  categories: [ORDER_CATEGORY, RESERVATION_CATEGORY],
  handles: (recorded) => orderOf(recorded.streamId) !== null || (recorded.type === 'CheckedOut' && reservationOf(recorded.streamId) !== null),
  async apply(rows, recorded: RecordedEvent) {
    const checkedOut = parseReservationEvent(recorded);
    if (checkedOut) {
      const reservation = reservationOf(recorded.streamId);
      if (checkedOut.type !== 'CheckedOut' || !checkedOut.data.payment || !reservation) return;
      const { payment, exitedAt } = checkedOut.data;
      const storeId = recorded.metadata.storeId ?? (await rows.table('reservations', 'id').get(reservation.reservationId))?.store_id ?? '';
      return rows.table('payments', 'reservation_id').put({
        reservation_id: reservation.reservationId,
        store_id: storeId,
        business_date: tokyoDateOf(new Date(exitedAt)),
        method: payment.method,
        subtotal: payment.subtotal,
        tax: payment.tax,
        total: payment.total,
        order_ids: payment.orderIds,
        paid_at: new Date(exitedAt),
      });
    }
    const event = parseOrderEvent(recorded);
    const stream = orderOf(recorded.streamId);
    if (!event || !stream) return;
    const id = stream.orderId;
    const orders = rows.table('orders', 'id');
    switch (event.type) {
      case 'OrderPlaced': {
        const d = event.data;
        return orders.put({
          id,
          store_id: d.storeId,
          reservation_id: d.reservationId,
          seat_id: d.seatId,
          seat_label: d.seatLabel,
          status: 'ready',
          items: d.lines.map((l) => ({ menu_id: l.menuId, menu_name: l.name, quantity: l.quantity, price: l.price, takeout: l.takeout })),
          subtotal: orderSubtotal(d.lines),
          placed_by: d.placedBy,
          order_time: new Date(d.placedAt),
          updated_at: new Date(d.placedAt),
          completed_at: null,
        });
      }
      // The whole ticket bumped makes every item; restored, every item waits again.
      case 'OrderCompleted': {
        const at = new Date(event.data.completedAt);
        const row = await orders.get(id);
        return orders.update(id, { status: 'complete', completed_at: at, updated_at: at, ...(row ? { items: withState(row.items, () => 'done') } : {}) });
      }
      case 'OrderRestored': {
        const row = await orders.get(id);
        return orders.update(id, {
          status: 'ready',
          completed_at: null,
          updated_at: new Date(event.data.restoredAt),
          ...(row ? { items: withState(row.items, () => 'ready') } : {}),
        });
      }
      case 'OrderItemBumped': {
        const row = await orders.get(id);
        if (!row) return;
        const { menuId } = event.data;
        return orders.update(id, {
          items: withState(row.items, (i) => (i.menu_id === menuId ? 'done' : (i.state ?? 'ready'))),
          updated_at: new Date(event.data.bumpedAt),
        });
      }
      case 'OrderItemRecalled': {
        // A recalled item puts its ticket back on the kitchen's list.
        const row = await orders.get(id);
        if (!row) return;
        const { menuId } = event.data;
        const stateOf = (i: OrderItemRow) => (i.menu_id === menuId ? 'ready' : row.status === 'complete' ? 'done' : (i.state ?? 'ready'));
        return orders.update(id, { status: 'ready', completed_at: null, items: withState(row.items, stateOf), updated_at: new Date(event.data.recalledAt) });
      }
      case 'OrderLineVoided': {
        // Decision 283: the line leaves the kitchen's ticket and the order's subtotal.
        const row = await orders.get(id);
        if (!row) return;
        const items = row.items.filter((i) => i.menu_id !== event.data.menuId);
        const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
        return orders.update(id, { items, subtotal, updated_at: new Date(event.data.voidedAt) });
      }
      case 'OrderVoided':
        return orders.update(id, { status: 'voided', items: [], subtotal: 0, updated_at: new Date(event.data.voidedAt) });
      default:
        return assertNever(event);
    }
  },
};

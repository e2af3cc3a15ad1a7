import { parseCatalogEvent } from '@moncafe/domain/catalog/events';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { fromStreamName as orderStream, parseOrderEvent } from '@moncafe/domain/order/events';
import { fromStreamName, parseReservationEvent, type ReservationEvent } from '@moncafe/domain/reservation/events';
import { fromStreamName as stockStream, parseStockEvent } from '@moncafe/domain/stock/events';
import { staffCallMessages } from './floor-messages';
import type { LiveMapper, LiveMessage } from './hub';

/**
 * Which live message each event causes, by context. A context adds its mapper here when its
 * screens need live updates; topics say who may receive the message (see liveTopicRoles).
 */
const mappers: LiveMapper[] = [
  // Menus, seats, hours and cards change rarely; public screens refresh when they do.
  (recorded) => {
    const event = parseCatalogEvent(recorded);
    return event ? [{ event: 'catalog-updated', data: { kind: event.data.kind }, topics: ['catalog'] }] : [];
  },
  reservationUpdates,
  visitMessages,
  orderMessages,
  stockMessages,
  staffCallMessages,
];

const reservationActions: Partial<Record<ReservationEvent['type'], string>> = {
  ReservationRequested: 'created',
  ReservationConfirmed: 'confirmed',
  ReservationMoved: 'moved',
  ReservationCancelled: 'cancelled',
  // The admin's status label in the schedule's detail (decision 110): every open schedule shows it.
  StatusChanged: 'status',
  // A no-show and its revert (decision 156): open schedules list it with its new status.
  MarkedNoShow: 'no_show',
  NoShowReverted: 'no_show_reverted',
};

/** A new, confirmed, moved or cancelled reservation: the schedule screens and that reservation's own page refresh. */
function reservationUpdates(recorded: RecordedEvent): LiveMessage[] {
  const event = parseReservationEvent(recorded);
  const stream = fromStreamName(recorded.streamId);
  const action = event && reservationActions[event.type];
  if (!event || !stream || !action) return [];
  const id = stream.reservationId;
  const date = 'date' in event.data ? event.data.date : null;
  return [{ event: 'reservation-updated', data: { reservation_id: id, action, date }, topics: ['admin', 'schedule', `reservation:${id}`] }];
}

/**
 * The guest at the table (operations.md §7, realtime events; decision 064): check-ins and
 * arrivals for the floor, and the end of a visit for the guest's own screen, which then asks
 * for a rescan. Each goes to the kitchen, admin and that reservation's topics only.
 */
function visitMessages(recorded: RecordedEvent): LiveMessage[] {
  const event = parseReservationEvent(recorded);
  const stream = fromStreamName(recorded.streamId);
  if (!event || !stream) return [];
  const id = stream.reservationId;
  const own = `reservation:${id}`;
  const storeId = recorded.metadata.storeId;
  switch (event.type) {
    case 'WalkInSeated': {
      const d = event.data;
      const data = {
        reservation_id: id,
        store_id: d.storeId,
        seat_id: d.seatIds[0] ?? null,
        seat_name: d.seatName,
        number_of_people: d.people,
        is_existing: false,
      };
      return [{ event: 'qr-checkin', data, topics: ['kitchen', 'admin', own] }];
    }
    case 'CustomerArrived': {
      const d = event.data;
      const data = { reservation_id: id, store_id: storeId, seat_id: d.seatId, seat_name: d.seatName, number_of_people: d.people };
      return [
        { event: 'qr-checkin', data: { ...data, is_existing: true }, topics: ['kitchen', 'admin', own] },
        { event: 'reservation-customer-arrived', data: { ...data, arrived_at: d.arrivedAt }, topics: ['admin', own] },
      ];
    }
    case 'CheckedOut':
      return [
        { event: 'reservation-closed', data: { reservation_id: id, store_id: storeId, exited_at: event.data.exitedAt }, topics: ['kitchen', 'admin', own] },
        { event: 'token-invalidated', data: { reservation_id: id, reason: 'checked_out' }, topics: ['admin', own] },
      ];
    case 'ReservationCancelled':
      return [{ event: 'token-invalidated', data: { reservation_id: id, reason: 'cancelled' }, topics: ['admin', own] }];
    case 'MarkedNoShow':
      return [{ event: 'token-invalidated', data: { reservation_id: id, reason: 'no_show' }, topics: ['admin', own] }];
    // Merged parties (spec `reservation-merged`, decision 370): the floor, the schedule and the kitchen
    // follow the merge and its undo; the host's stream tells it, once for both parties.
    case 'PartyMerged': {
      const d = event.data;
      const data = {
        reservation_id: id,
        merged_reservation_id: d.absorbedId,
        store_id: storeId,
        seat_ids: d.seatIds,
        seat_label: d.seatLabel,
        number_of_people: d.people,
        date: d.date,
        undone: false,
      };
      return [{ event: 'reservation-merged', data, topics: ['kitchen', 'admin', 'schedule', own, `reservation:${d.absorbedId}`] }];
    }
    case 'PartyMergeUndone': {
      const d = event.data;
      const data = {
        reservation_id: id,
        merged_reservation_id: d.absorbedId,
        store_id: storeId,
        seat_ids: d.seatIds,
        number_of_people: d.people,
        date: d.date,
        undone: true,
      };
      return [{ event: 'reservation-merged', data, topics: ['kitchen', 'admin', 'schedule', own, `reservation:${d.absorbedId}`] }];
    }
    default:
      return [];
  }
}

/** A new order rings in the kitchen (spec `new-order`, orderId); completing or restoring keeps every kitchen screen in step. */
function orderMessages(recorded: RecordedEvent): LiveMessage[] {
  const event = parseOrderEvent(recorded);
  const stream = orderStream(recorded.streamId);
  if (!event || !stream) return [];
  const orderId = stream.orderId;
  if (event.type === 'OrderPlaced') {
    const d = event.data;
    const data = { orderId, store_id: d.storeId, reservation_id: d.reservationId, seat_id: d.seatId, seat_label: d.seatLabel };
    return [{ event: 'new-order', data, topics: ['kitchen', 'admin', `reservation:${d.reservationId}`] }];
  }
  // A void (decision 283) changes the ticket or takes it off every kitchen list.
  const status =
    event.type === 'OrderCompleted' ? 'complete' : event.type === 'OrderVoided' ? 'voided' : event.type === 'OrderLineVoided' ? 'changed' : 'ready';
  return [{ event: 'order-updated', data: { orderId, store_id: recorded.metadata.storeId, status }, topics: ['kitchen', 'admin'] }];
}

/**
 * Stock: the kitchen and admin screens follow every change (counts included). The public
 * `catalog` topic, which anyone may open, hears only of availability — an item an order sold out,
 * or the editor's save (a sold-out mark set or cleared, a restock, counting on or off: staff's acts,
 * how an item comes back, never a guest's order) — debounced, so it is no live feed of sales
 * (decision 165). Open order screens re-read their menu on it.
 */
function stockMessages(recorded: RecordedEvent): LiveMessage[] {
  const event = parseStockEvent(recorded);
  const stream = stockStream(recorded.streamId);
  if (!event || !stream) return [];
  const store_id = stream.storeId;
  const changed = event.type === 'StockSet' ? [event.data.menuId] : event.data.lines.map((l) => l.menuId);
  // Items a void gave back (decision 283) may be orderable again, like a restock.
  const availability = event.type === 'StockReserved' ? event.data.lines.filter((l) => l.remaining === 0).map((l) => l.menuId) : changed;
  return [
    { event: 'stock-updated', data: { store_id, menu_ids: changed }, topics: ['kitchen', 'admin'] },
    ...(availability.length > 0 ? [{ event: 'stock-updated', data: { store_id, menu_ids: availability }, topics: ['catalog'], debounced: true }] : []),
  ];
}

export function liveMessagesFor(event: RecordedEvent): LiveMessage[] {
  return mappers.flatMap((map) => map(event));
}

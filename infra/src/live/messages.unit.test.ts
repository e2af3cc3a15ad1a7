import { describe, expect, it } from 'vitest';
import type { ReservationEvent } from '@moncafe/domain/reservation/events';
import type { DomainEvent } from '@moncafe/domain/ports';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { liveMessagesFor } from './messages';
import { sampleRequest } from '@moncafe/domain/testing/reservation-catalog';

const request = sampleRequest({ storeId: 's', lines: [] });
const at = '2026-12-01T00:00:00.000Z';
const recorded = (event: DomainEvent, streamId = 'reservation-r1') => recordedEvent(event, { streamId, position: 7 });

describe('live reservation updates', () => {
  it('a new, moved or cancelled reservation emits reservation-updated for the schedule and the reservation', () => {
    const events: [ReservationEvent, string][] = [
      [{ type: 'ReservationRequested', data: { ...request, requestedAt: at } }, 'created'],
      [{ type: 'ReservationMoved', data: { seatIds: ['T2'], time: '12:30', movedAt: at, date: '2026-12-20' } }, 'moved'],
      [{ type: 'ReservationCancelled', data: { by: 'customer', reason: '', cancelledAt: at, date: '2026-12-20' } }, 'cancelled'],
      [{ type: 'ReservationConfirmed', data: { tokenHash: 'h', confirmedAt: at, date: '2026-12-20' } }, 'confirmed'],
    ];
    for (const [event, action] of events) {
      const [message] = liveMessagesFor(recorded(event));
      expect(message).toEqual({
        event: 'reservation-updated',
        data: { reservation_id: 'r1', action, date: '2026-12-20' },
        topics: ['admin', 'schedule', 'reservation:r1'],
      });
    }
    expect(liveMessagesFor(recorded({ type: 'ConfirmationMailSent', data: { tokenHash: 'h', expiresAt: at } }))).toEqual([]);
    expect(liveMessagesFor(recorded({ type: 'SeatsHeld', data: {} }, 'seating-s~2026-12-20'))).toEqual([]);
  });

  it('a reservation event written before its date was recorded still updates, with no date', () => {
    const [message] = liveMessagesFor(recorded({ type: 'ReservationMoved', data: { seatIds: ['T2'], time: '12:30', movedAt: at } }));
    expect(message?.data).toEqual({ reservation_id: 'r1', action: 'moved', date: null });
  });
});

describe('live messages of the guest at the table', () => {
  const own = 'reservation:r1';
  const meta = { correlationId: 'c', causationId: null, actor: 'customer', storeId: 's' };
  const at2 = (event: DomainEvent, streamId = 'reservation-r1') => recordedEvent(event, { streamId, position: 9, metadata: meta });

  it('a QR walk-in and an arrival tell the kitchen, admin and the reservation, with the spec’s qr-checkin fields', () => {
    const walkIn = liveMessagesFor(
      at2({
        type: 'WalkInSeated',
        data: { reservationId: 'r1', storeId: 's', date: '2026-12-20', time: '12:00', people: 2, seatIds: ['T1'], seatedAt: at, seatName: 'テーブル1' },
      }),
    );
    expect(walkIn).toEqual([
      {
        event: 'qr-checkin',
        data: { reservation_id: 'r1', store_id: 's', seat_id: 'T1', seat_name: 'テーブル1', number_of_people: 2, is_existing: false },
        topics: ['kitchen', 'admin', own],
      },
    ]);
    const arrived = liveMessagesFor(
      at2({ type: 'CustomerArrived', data: { seatId: 'T1', people: 3, arrivedAt: at, date: '2026-12-20', seatName: 'テーブル1' } }),
    );
    expect(arrived.map((m) => [m.event, m.topics])).toEqual([
      ['qr-checkin', ['kitchen', 'admin', own]],
      ['reservation-customer-arrived', ['admin', own]],
    ]);
    expect(arrived[0]?.data).toMatchObject({ is_existing: true, number_of_people: 3, seat_name: 'テーブル1' });
  });

  it('checkout closes the reservation and invalidates its tokens on the guest’s screen; a cancellation invalidates them too', () => {
    const out = liveMessagesFor(at2({ type: 'CheckedOut', data: { payment: null, exitedAt: at, actualDurationMinutes: 30, date: '2026-12-20' } }));
    expect(out.map((m) => m.event)).toEqual(['reservation-closed', 'token-invalidated']);
    expect(out.every((m) => m.topics.includes(own) && !m.topics.includes('catalog'))).toBe(true);
    const cancelled = liveMessagesFor(at2({ type: 'ReservationCancelled', data: { by: 'staff', reason: '', cancelledAt: at, date: '2026-12-20' } }));
    expect(cancelled.map((m) => m.event)).toEqual(['reservation-updated', 'token-invalidated']);
  });

  it('a new order rings in the kitchen with its orderId; stock changes reach open order screens', () => {
    const placed = liveMessagesFor(
      at2(
        {
          type: 'OrderPlaced',
          data: {
            orderId: 'o1',
            storeId: 's',
            reservationId: 'r1',
            seatId: 'T1',
            seatLabel: 'テーブル1',
            lines: [{ menuId: 'm', name: 'x', price: 1, quantity: 1 }],
            placedBy: 'customer',
            placedAt: at,
          },
        },
        'order-o1',
      ),
    );
    expect(placed).toEqual([
      {
        event: 'new-order',
        data: { orderId: 'o1', store_id: 's', reservation_id: 'r1', seat_id: 'T1', seat_label: 'テーブル1' },
        topics: ['kitchen', 'admin', own],
      },
    ]);
    const stock = liveMessagesFor(
      at2({ type: 'StockReserved', data: { orderId: 'o1', lines: [{ menuId: 'cake', quantity: 1, remaining: 0 }], reservedAt: at } }, 'stock-s'),
    );
    expect(stock).toEqual([
      { event: 'stock-updated', data: { store_id: 's', menu_ids: ['cake'] }, topics: ['kitchen', 'admin'] },
      { event: 'stock-updated', data: { store_id: 's', menu_ids: ['cake'] }, topics: ['catalog'], debounced: true },
    ]);
  });

  it('tells the public catalog topic of availability only: an order that leaves some tells it nothing (decision 165)', () => {
    const reserved = (lines: { menuId: string; quantity: number; remaining: number }[]) =>
      liveMessagesFor(at2({ type: 'StockReserved', data: { orderId: 'o2', lines, reservedAt: at } }, 'stock-s'));
    const sale = reserved([{ menuId: 'cake', quantity: 1, remaining: 3 }]);
    expect(sale.filter((m) => m.topics.includes('catalog'))).toEqual([]);
    expect(sale.map((m) => m.topics)).toEqual([['kitchen', 'admin']]);
    const mixed = reserved([
      { menuId: 'cake', quantity: 1, remaining: 3 },
      { menuId: 'pudding', quantity: 2, remaining: 0 },
    ]);
    expect(mixed.find((m) => m.topics.includes('catalog'))?.data).toEqual({ store_id: 's', menu_ids: ['pudding'] });
    // The editor's save (staff's, never a sale) may bring an item back: announced, debounced.
    const saved = liveMessagesFor(at2({ type: 'StockSet', data: { menuId: 'cake', manageStock: true, quantity: 4, isSoldOut: false, setAt: at } }, 'stock-s'));
    expect(saved.find((m) => m.topics.includes('catalog'))).toMatchObject({ data: { menu_ids: ['cake'] }, debounced: true });
  });
});

import type { NewEvent } from '@moncafe/domain/ports';
import { parseRecord } from '@moncafe/domain/catalog/decider';
import { cryptoIds } from '@moncafe/infra/system';

/**
 * Events of a realistic mix, shaped as the deciders write them (their schemas accept them), for the
 * benchmarks that need read-model rows. Their ids are the product's own (`cryptoIds`, time-ordered,
 * decision 482), so a generated log's indexes grow as a real one's do.
 */

/** The day of the i-th booking. */
export const dateOf = (i: number) => `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`;
const at = (day: number, hour: number, i: number) => new Date(Date.UTC(2026, 10, day, hour, i % 1440)).toISOString();
const metadata = (storeId = '1', actor = 'customer') => ({ correlationId: cryptoIds.uuid(), causationId: null, actor, storeId });

export function reservationRequested(reservationId: string, i: number): NewEvent {
  return {
    eventId: cryptoIds.uuid(),
    type: 'ReservationRequested',
    data: {
      reservationId,
      storeId: '1',
      date: dateOf(i),
      time: '12:00',
      people: 2,
      seatIds: [`T${1 + (i % 20)}`],
      holdId: cryptoIds.uuid(),
      customer: { name: '山田花子', email: `guest${i}@example.jp`, phone: '090-1234-5678' },
      accountId: null,
      lines: [{ menuId: 'm1', name: 'ケーキコース', price: 3000, quantity: 2 }],
      detail: { m1_4: 'ホール' },
      optionsPrice: 500,
      requestedAt: at(1, 0, i),
    },
    metadata: metadata(),
  };
}

export function confirmationLinkIssued(i: number): NewEvent {
  return { eventId: cryptoIds.uuid(), type: 'ConfirmationLinkIssued', data: { tokenHash: 'x', expiresAt: at(1, 1, i) }, metadata: metadata() };
}

export function reservationConfirmed(i: number): NewEvent {
  return { eventId: cryptoIds.uuid(), type: 'ReservationConfirmed', data: { tokenHash: 'x', confirmedAt: at(1, 2, i), date: dateOf(i) }, metadata: metadata() };
}

export function reservationCancelled(i: number): NewEvent {
  return {
    eventId: cryptoIds.uuid(),
    type: 'ReservationCancelled',
    data: { by: 'customer', reason: 'お客様都合', cancelledAt: at(2, 0, i), date: dateOf(i) },
    metadata: metadata(),
  };
}

export function seatsHeld(i: number): NewEvent {
  return {
    eventId: cryptoIds.uuid(),
    type: 'SeatsHeld',
    data: { holdId: cryptoIds.uuid(), sessionId: `s${i}`, seatIds: [`T${1 + (i % 20)}`], people: 2, startMinute: 720, endMinute: 810, expiresAt: at(1, 3, i) },
    metadata: metadata(),
  };
}

/** A catalog save of a menu, by `actor` (a staff account's id; the customer by default). */
export function menuSaved(id: string, price: number, actor = 'customer'): NewEvent {
  return {
    eventId: cryptoIds.uuid(),
    type: 'RecordSaved',
    data: { kind: 'menu', id, data: parseRecord('menu', id, { store_id: '1', name: `ベンチメニュー${id}`, price }) },
    metadata: metadata('1', actor),
  };
}

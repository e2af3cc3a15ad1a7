import { DomainError } from '../decider';
import type { SeatSpec } from './allocation';
import type { Booking, SeatingCommand, SeatingErrorCode, SeatingState } from './state';
import type { MergedBooking, SeatingEvent } from './events';
import { checkSeats } from './occupancy';

/** Merged parties in the seating ledger (decision 370): the joined booking and its undo, decided here and applied by decider.ts. */

const asMerged = (b: Booking): MergedBooking => ({ seatIds: b.seatIds, people: b.people, startMinute: b.start, endMinute: b.end });

/**
 * Whether two groups of seats adjoin (decision 370): a seat of one is adjacent to a seat of the
 * other, as the seat editor's 「隣接する席」 says (either side may declare it, as for the allocator).
 */
export function seatsAdjoin(seats: readonly SeatSpec[], a: readonly string[], b: readonly string[]): boolean {
  const declared = (from: string, to: string) => seats.find((s) => s.id === from)?.adjacentSeatIds.includes(to) ?? false;
  return a.some((x) => b.some((y) => x !== y && (declared(x, y) || declared(y, x))));
}

/** The joined booking: both parties' seats for both stays, checked as one party against everything else of the day. */
export function decideMerge(command: Extract<SeatingCommand, { type: 'MergeBookings' }>, state: SeatingState): SeatingEvent[] {
  const { hostId, absorbedId } = command;
  // Idempotent: a resent merge finds it done.
  if (state.merges?.[absorbedId]?.hostId === hostId && !state.bookings[absorbedId]) return [];
  const host = state.bookings[hostId];
  const absorbed = state.bookings[absorbedId];
  if (!host || !absorbed || hostId === absorbedId) throw new DomainError<SeatingErrorCode>('booking_not_found');
  if (!seatsAdjoin(command.seats, host.seatIds, absorbed.seatIds)) throw new DomainError<SeatingErrorCode>('not_adjoining');
  const seatIds = [...host.seatIds, ...absorbed.seatIds.filter((id) => !host.seatIds.includes(id))];
  const people = command.people ?? host.people + absorbed.people;
  const interval = { start: Math.min(host.start, absorbed.start), end: Math.max(host.end, absorbed.end) };
  const { [absorbedId]: _absorbed, ...others } = state.bookings;
  checkSeats({ ...state, bookings: others }, { seatIds, seats: command.seats, now: command.now }, people, interval, { reservationId: hostId });
  return [
    {
      type: 'BookingsMerged',
      data: {
        hostId,
        absorbedId,
        host: { seatIds, people, startMinute: interval.start, endMinute: interval.end },
        before: { host: asMerged(host), absorbed: asMerged(absorbed) },
      },
    },
  ];
}

export function decideSplit(command: Extract<SeatingCommand, { type: 'SplitBookings' }>, state: SeatingState): SeatingEvent[] {
  const merge = state.merges?.[command.absorbedId];
  if (!merge || merge.hostId !== command.hostId) {
    // Idempotent: a resent undo finds both bookings apart.
    if (state.bookings[command.absorbedId] && state.bookings[command.hostId]) return [];
    throw new DomainError<SeatingErrorCode>('not_merged');
  }
  return [{ type: 'BookingsSplit', data: { hostId: command.hostId, absorbedId: command.absorbedId, ...merge.before } }];
}

export const fromMerged = (reservationId: string, b: MergedBooking): Booking => ({
  reservationId,
  seatIds: b.seatIds,
  people: b.people,
  start: b.startMinute,
  end: b.endMinute,
});

import { minutesOf, timeOf } from '../calendar/dates';
import type { BusinessDay } from '../seating/availability';
import type { Booking, SeatingState } from '../seating/decider';
import type { TableSeat } from './ports';

/**
 * Who is at a seat now, as the day's seating ledger (the authority on who holds a seat) and the
 * store's hours tell it: the rules check-in, staff seating and the floor share.
 */

/** A booking counts as "at the seat now" from this many minutes before it starts: booked guests come early. */
export const EARLY_ARRIVAL_MINUTES = 15;
/** The end of a day, in minutes: a walk-in's booking and a late checkout end there at the latest. */
export const END_OF_DAY = 24 * 60;

/** Whether the store takes orders at `minute` of a day (spec §5: closed day, missing hours or outside open–close is closed). */
export function isOpenAt(day: BusinessDay, minute: number): boolean {
  if (day.closed || !day.openTime || !day.closeTime) return false;
  return minutesOf(day.openTime) <= minute && minute < minutesOf(day.closeTime);
}

/** The booking at a seat now (or starting within EARLY_ARRIVAL_MINUTES): the one already begun first. */
export function currentBooking(ledger: SeatingState, seatId: string, minute: number): Booking | null {
  const candidates = Object.values(ledger.bookings).filter((b) => b.seatIds.includes(seatId) && b.start - EARLY_ARRIVAL_MINUTES <= minute && minute < b.end);
  const begun = candidates.filter((b) => b.start <= minute).sort((a, b) => b.start - a.start);
  const upcoming = candidates.filter((b) => b.start > minute).sort((a, b) => a.start - b.start);
  return begun[0] ?? upcoming[0] ?? null;
}

/** The start (minutes) of the seat's next booking after `minute` on the day's ledger: where a walk-in seated before it must end (decision 674). */
export function nextBookingStart(ledger: SeatingState, seatId: string, minute: number): number | undefined {
  const starts = Object.values(ledger.bookings).flatMap((b) => (b.seatIds.includes(seatId) && b.start > minute ? [b.start] : []));
  return starts.length > 0 ? Math.min(...starts) : undefined;
}

/** A walk-in whose reservation was never recorded (decision 060), as its booking on the ledger describes it. */
export function lostWalkIn(booking: Booking, seat: TableSeat, date: string) {
  return {
    reservationId: booking.reservationId,
    storeId: seat.storeId,
    date,
    time: timeOf(booking.start),
    people: booking.people,
    seatIds: booking.seatIds,
    seatName: seat.name,
  };
}

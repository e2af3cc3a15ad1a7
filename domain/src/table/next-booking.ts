import { minutesOf } from '../calendar/dates';
import type { FloorStatus } from '../reservation/events';

/**
 * What a seat has coming this evening, and whether a party seated now would run into it
 * (decision 674). Staff at the rush seat a walk-in where the floor looks free; the tile must say
 * that a booked party arrives at 18:30, and seating there must say so before it happens.
 */

/**
 * How a party came to the floor, as staff call it (decision 674): `booked` a booking not yet
 * arrived (予約: a phone booking, whose spec status `guest` would otherwise read 「QR」), `web` a
 * site booking not yet arrived, `qr` guests who checked in by the seat's QR with no booking,
 * `walk_in` a party staff seated at the door, `arrived` a booking whose party is at the table.
 */
export type PartyLabel = 'booked' | 'web' | 'qr' | 'walk_in' | 'arrived';

/** A reservation of the day as the reservations read model holds it, in the words the rule needs. */
export interface DayBooking {
  reservationId: string;
  seatIds: readonly string[];
  /** HH:MM, Tokyo. */
  time: string;
  people: number;
  /** The booked course's name, or null for seats only. */
  course: string | null;
  status: FloorStatus | null;
  /** `walk_in`: begun at the seat with no booking; `web`: any booking made ahead (site or phone). */
  origin: 'web' | 'walk_in';
  /** When its guests sat down; null while a booking has not arrived. */
  seatedAt: string | null;
  /** Who seated a walk-in: the guest by the seat's QR, or staff; null for a booking. */
  walkInBy: 'guest' | 'staff' | null;
}

/** The rule for a party's label (see PartyLabel); null for a reservation no longer on the floor (cancelled, no-show, left). */
export function partyLabel(b: Pick<DayBooking, 'status' | 'origin' | 'seatedAt' | 'walkInBy'>): PartyLabel | null {
  if (b.status === 'cancelled' || b.status === 'no_show' || b.status === 'exited') return null;
  if (b.origin === 'walk_in') return b.walkInBy === 'staff' ? 'walk_in' : 'qr';
  if (b.seatedAt !== null) return 'arrived';
  return b.status === 'web' ? 'web' : 'booked';
}

export interface NextBooking {
  reservationId: string;
  /** HH:MM. */
  time: string;
  people: number;
  course: string | null;
  label: PartyLabel;
}

/**
 * The seat's next booking after `minute` within the day's evening: the earliest booking on the
 * seat that starts later than now and whose party has not sat down; null when there is none.
 * A booking that began and is waited for is the seat's current one (seat-now.ts), not its next.
 */
export function nextBookingOf(bookings: readonly DayBooking[], seatId: string, minute: number): NextBooking | null {
  const next = bookings
    .filter((b) => b.seatIds.includes(seatId) && b.seatedAt === null && minutesOf(b.time) > minute)
    .flatMap((b) => {
      const label = partyLabel(b);
      return label ? [{ booking: b, label }] : [];
    })
    .sort((a, b) => minutesOf(a.booking.time) - minutesOf(b.booking.time))[0];
  if (!next) return null;
  const { booking, label } = next;
  return { reservationId: booking.reservationId, time: booking.time, people: booking.people, course: booking.course, label };
}

/** Whether a stay of `stayMinutes` from `minute` runs into `next`: it would still be at the table when the booked party is due. */
export function runsInto(next: Pick<NextBooking, 'time'> | null, minute: number, stayMinutes: number): boolean {
  return next !== null && minute + stayMinutes > minutesOf(next.time);
}

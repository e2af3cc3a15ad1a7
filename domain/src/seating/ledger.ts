import { DomainError, assertNever, type Decider } from '../decider';
import { allocateSeats, overlaps, type Interval, type SeatSpec } from './allocation';
import { parseSeatingEvent, type HoldReleaseReason, type SeatingEvent, type SeatsReleaseReason } from './events';

/**
 * The seating ledger of one store and one day (stream `seating-{storeId}~{YYYY-MM-DD}`, events.ts): the
 * consistency boundary that makes double booking impossible. Every hold and booking of the day
 * is decided against all the others, and the event store's expected-revision check makes two
 * racing writers re-decide one after the other.
 *
 * Times are minutes since midnight (Asia/Tokyo) of the ledger's day; `expiresAt` is an instant
 * (ISO string). Whether a hold still counts is judged against the command's `now`, never the
 * wall clock, so every decision can be replayed.
 */

interface AllocationRequestFields {
  people: number;
  startMinute: number;
  courseMinutes: number | null;
  latestEndMinute: number | null;
  /** The store's seats in floor order, from the catalog. */
  seats: SeatSpec[];
  /** The command's time (ISO): holds that expired before it no longer count. */
  now: string;
}

export type SeatingCommand =
  | ({ type: 'HoldSeats'; holdId: string; sessionId: string; expiresAt: string } & AllocationRequestFields)
  | { type: 'ExtendHold'; holdId: string; reservationId: string; expiresAt: string; now: string }
  | { type: 'ReleaseHold'; holdId: string; reason: HoldReleaseReason }
  | { type: 'BookHeldSeats'; holdId: string; reservationId: string; now: string }
  | ({ type: 'BookSeats'; reservationId: string } & AllocationRequestFields)
  | { type: 'ReleaseSeats'; reservationId: string; reason: SeatsReleaseReason }
  /** Books the named seats for a party (a QR walk-in at its seat): refused when they are too small or taken. */
  | { type: 'BookSeatsAt'; reservationId: string; seatIds: string[]; people: number; startMinute: number; endMinute: number; seats: SeatSpec[]; now: string }
  /** The guests left (checkout): the booking ends at `endMinute`, so the seat is free for the rest of the day. */
  | { type: 'EndBooking'; reservationId: string; endMinute: number }
  | {
      type: 'MoveSeats';
      reservationId: string;
      seatIds: string[];
      startMinute: number;
      endMinute: number;
      seats: SeatSpec[];
      now: string;
    };

export interface Hold extends Interval {
  holdId: string;
  sessionId: string;
  seatIds: string[];
  people: number;
  expiresAt: string;
  reservationId: string | null;
}

export interface Booking extends Interval {
  reservationId: string;
  seatIds: string[];
  people: number;
}

export interface SeatingState {
  holds: Record<string, Hold>;
  bookings: Record<string, Booking>;
}

export type SeatingErrorCode = 'seats_full' | 'hold_not_found' | 'hold_expired' | 'booking_not_found' | 'over_capacity' | 'overlap' | 'unknown_seat';

const isLive = (hold: Hold, now: string) => Date.parse(hold.expiresAt) > Date.parse(now);

/** Everything that occupies seats at `now`: bookings and live holds, except the ones named in `except`. */
export function occupied(state: SeatingState, now: string, except: { holdId?: string; reservationId?: string } = {}) {
  const entries: { seatIds: string[]; interval: Interval }[] = [];
  for (const b of Object.values(state.bookings)) if (b.reservationId !== except.reservationId) entries.push({ seatIds: b.seatIds, interval: b });
  for (const h of Object.values(state.holds)) if (h.holdId !== except.holdId && isLive(h, now)) entries.push({ seatIds: h.seatIds, interval: h });
  return (seatId: string, interval: Interval) => entries.some((e) => e.seatIds.includes(seatId) && overlaps(e.interval, interval));
}

function decideHold(command: Extract<SeatingCommand, { type: 'HoldSeats' }>, state: SeatingState): SeatingEvent[] {
  // One hold per reservation session: choosing another time gives the old one back first.
  const previous = Object.values(state.holds).filter((h) => h.sessionId === command.sessionId && h.reservationId === null);
  const released: SeatingEvent[] = previous.map((h) => ({ type: 'HoldReleased', data: { holdId: h.holdId, reason: 'replaced' } }));
  const without = { ...state, holds: Object.fromEntries(Object.entries(state.holds).filter(([, h]) => !previous.includes(h))) };
  const found = allocateSeats(command.seats, occupied(without, command.now), command);
  if (!found) throw new DomainError<SeatingErrorCode>('seats_full');
  return [
    ...released,
    {
      type: 'SeatsHeld',
      data: {
        holdId: command.holdId,
        sessionId: command.sessionId,
        seatIds: found.seatIds,
        people: command.people,
        startMinute: found.startMinute,
        endMinute: found.endMinute,
        expiresAt: command.expiresAt,
      },
    },
  ];
}

/** Refuses seats that are unknown, too small for `people` together, or busy during `interval` (other than `except`). */
function checkSeats(
  state: SeatingState,
  command: { seatIds: string[]; seats: SeatSpec[]; now: string },
  people: number,
  interval: Interval,
  except: { reservationId?: string } = {},
) {
  const targets = command.seatIds.map((id) => command.seats.find((s) => s.id === id));
  if (targets.length === 0 || targets.some((s) => s === undefined)) throw new DomainError<SeatingErrorCode>('unknown_seat');
  const capacity = targets.reduce((sum, s) => sum + (s?.maxPeople ?? 0), 0);
  if (capacity < people) throw new DomainError<SeatingErrorCode>('over_capacity');
  if (!(interval.end > interval.start)) throw new DomainError<SeatingErrorCode>('overlap');
  const busy = occupied(state, command.now, except);
  if (command.seatIds.some((id) => busy(id, interval))) throw new DomainError<SeatingErrorCode>('overlap');
}

function decideMove(command: Extract<SeatingCommand, { type: 'MoveSeats' }>, state: SeatingState): SeatingEvent[] {
  const booking = state.bookings[command.reservationId];
  if (!booking) throw new DomainError<SeatingErrorCode>('booking_not_found');
  const interval = { start: command.startMinute, end: command.endMinute };
  checkSeats(state, command, booking.people, interval, { reservationId: command.reservationId });
  return [
    {
      type: 'SeatsMoved',
      data: { reservationId: command.reservationId, seatIds: command.seatIds, startMinute: interval.start, endMinute: interval.end },
    },
  ];
}

function decideBookAt(command: Extract<SeatingCommand, { type: 'BookSeatsAt' }>, state: SeatingState): SeatingEvent[] {
  if (state.bookings[command.reservationId]) return [];
  checkSeats(state, command, command.people, { start: command.startMinute, end: command.endMinute });
  const { reservationId, seatIds, people, startMinute, endMinute } = command;
  return [{ type: 'SeatsBooked', data: { reservationId, holdId: null, seatIds, people, startMinute, endMinute } }];
}

function decideEnd(command: Extract<SeatingCommand, { type: 'EndBooking' }>, state: SeatingState): SeatingEvent[] {
  const booking = state.bookings[command.reservationId];
  // Idempotent, and nothing to free when the stay already ends by then.
  if (!booking) return [];
  const endMinute = Math.max(booking.start + 1, command.endMinute);
  if (endMinute >= booking.end) return [];
  return [{ type: 'BookingEnded', data: { reservationId: command.reservationId, endMinute } }];
}

export function decide(command: SeatingCommand, state: SeatingState): SeatingEvent[] {
  switch (command.type) {
    case 'HoldSeats':
      return decideHold(command, state);
    case 'ExtendHold': {
      const hold = state.holds[command.holdId];
      if (!hold) throw new DomainError<SeatingErrorCode>('hold_not_found');
      if (!isLive(hold, command.now)) throw new DomainError<SeatingErrorCode>('hold_expired');
      if (hold.reservationId !== null && hold.reservationId !== command.reservationId) throw new DomainError<SeatingErrorCode>('hold_not_found');
      return [{ type: 'HoldExtended', data: { holdId: command.holdId, reservationId: command.reservationId, expiresAt: command.expiresAt } }];
    }
    case 'ReleaseHold':
      return state.holds[command.holdId] ? [{ type: 'HoldReleased', data: { holdId: command.holdId, reason: command.reason } }] : [];
    case 'BookHeldSeats': {
      // Idempotent: a retried confirmation finds the seats already booked and appends nothing.
      if (state.bookings[command.reservationId]) return [];
      const hold = state.holds[command.holdId];
      if (!hold) throw new DomainError<SeatingErrorCode>('hold_not_found');
      if (!isLive(hold, command.now)) throw new DomainError<SeatingErrorCode>('hold_expired');
      return [
        {
          type: 'SeatsBooked',
          data: {
            reservationId: command.reservationId,
            holdId: hold.holdId,
            seatIds: hold.seatIds,
            people: hold.people,
            startMinute: hold.start,
            endMinute: hold.end,
          },
        },
      ];
    }
    case 'BookSeats': {
      if (state.bookings[command.reservationId]) return [];
      const found = allocateSeats(command.seats, occupied(state, command.now), command);
      if (!found) throw new DomainError<SeatingErrorCode>('seats_full');
      return [
        {
          type: 'SeatsBooked',
          data: {
            reservationId: command.reservationId,
            holdId: null,
            seatIds: found.seatIds,
            people: command.people,
            startMinute: found.startMinute,
            endMinute: found.endMinute,
          },
        },
      ];
    }
    case 'ReleaseSeats': {
      if (state.bookings[command.reservationId]) return [{ type: 'SeatsReleased', data: { reservationId: command.reservationId, reason: command.reason } }];
      // Not confirmed yet: its seats are still a hold kept for the reservation.
      const hold = Object.values(state.holds).find((h) => h.reservationId === command.reservationId);
      return hold ? [{ type: 'HoldReleased', data: { holdId: hold.holdId, reason: 'reservation_cancelled' } }] : [];
    }
    case 'BookSeatsAt':
      return decideBookAt(command, state);
    case 'EndBooking':
      return decideEnd(command, state);
    case 'MoveSeats':
      return decideMove(command, state);
    default:
      return assertNever(command);
  }
}

export function evolve(state: SeatingState, event: SeatingEvent): SeatingState {
  switch (event.type) {
    case 'SeatsHeld': {
      const d = event.data;
      const hold: Hold = {
        holdId: d.holdId,
        sessionId: d.sessionId,
        seatIds: d.seatIds,
        people: d.people,
        start: d.startMinute,
        end: d.endMinute,
        expiresAt: d.expiresAt,
        reservationId: null,
      };
      return { ...state, holds: { ...state.holds, [d.holdId]: hold } };
    }
    case 'HoldExtended': {
      const hold = state.holds[event.data.holdId];
      if (!hold) return state;
      const extended = { ...hold, reservationId: event.data.reservationId, expiresAt: event.data.expiresAt };
      return { ...state, holds: { ...state.holds, [hold.holdId]: extended } };
    }
    case 'HoldReleased': {
      const { [event.data.holdId]: _released, ...holds } = state.holds;
      return { ...state, holds };
    }
    case 'SeatsBooked': {
      const d = event.data;
      const holds = { ...state.holds };
      if (d.holdId) delete holds[d.holdId];
      const booking: Booking = { reservationId: d.reservationId, seatIds: d.seatIds, people: d.people, start: d.startMinute, end: d.endMinute };
      return { holds, bookings: { ...state.bookings, [d.reservationId]: booking } };
    }
    case 'SeatsReleased': {
      const { [event.data.reservationId]: _released, ...bookings } = state.bookings;
      return { ...state, bookings };
    }
    case 'SeatsMoved': {
      const booking = state.bookings[event.data.reservationId];
      if (!booking) return state;
      const moved = { ...booking, seatIds: event.data.seatIds, start: event.data.startMinute, end: event.data.endMinute };
      return { ...state, bookings: { ...state.bookings, [booking.reservationId]: moved } };
    }
    case 'BookingEnded': {
      const booking = state.bookings[event.data.reservationId];
      if (!booking) return state;
      return { ...state, bookings: { ...state.bookings, [booking.reservationId]: { ...booking, end: event.data.endMinute } } };
    }
    default:
      return assertNever(event);
  }
}

export const initialState = (): SeatingState => ({ holds: {}, bookings: {} });

export const seatingLedger: Decider<SeatingState, SeatingCommand, SeatingEvent> = { initialState, evolve, decide, parseEvent: parseSeatingEvent };

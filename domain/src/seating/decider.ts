import { DomainError, assertNever, type Decider } from '../decider';
import { allocateSeats } from './allocation';
import { parseSeatingEvent, type SeatingEvent } from './events';
import { remembered, sessionAt } from './sessions';
import { checkSeats, isLive, occupied } from './occupancy';
import { decideMerge, decideSplit, fromMerged } from './merge';
import type { Booking, Hold, SeatingCommand, SeatingErrorCode, SeatingState } from './state';

export type { Booking, Hold, SeatingCommand, SeatingErrorCode, SeatingState } from './state';

export { occupied } from './occupancy';
export { seatsAdjoin } from './merge';

export { rememberedSessions, type RememberedSessions, type SessionRecord } from './sessions';

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

/** A reservation session lasts 5 minutes (customer-site.md §4): no hold of it outlives them. */
export const SESSION_MINUTES = 5;
/** One party (customer-site.md §9: party size 1 to 6): what one client may hold without the day screen's visit. */
const PARTY_MAX_PEOPLE = 6;
/** What one client address may hold at once with visits: four parties (a household or an office behind one address). */
const CLIENT_MAX_PEOPLE = 4 * PARTY_MAX_PEOPLE;
/** Times one session may choose a time on one day; a guest changes their mind a few times, a script thousands. */
const MAX_HOLDS_PER_SESSION = 20;

/**
 * The limits on holds (docs/decisions/050): a session's holds end with its 5 minutes, however
 * often it chooses again; a session chooses at most MAX_HOLDS_PER_SESSION times a day; a client
 * address holds at most one party's worth from sessions that did not visit the day screen, and
 * CLIENT_MAX_PEOPLE with visits. Returns when the new hold ends.
 */
function holdLimits(command: Extract<SeatingCommand, { type: 'HoldSeats' }>, state: SeatingState, replaced: readonly Hold[]): string {
  const session = sessionAt(state.sessions, command.sessionId, Date.parse(command.now));
  if (session && session.holds >= MAX_HOLDS_PER_SESSION) throw new DomainError<SeatingErrorCode>('session_hold_limit');
  const startedAt = command.visitStartedAt ?? session?.firstHeldAt ?? command.now;
  const sessionEnd = Date.parse(startedAt) + SESSION_MINUTES * 60_000;
  if (sessionEnd <= Date.parse(command.now)) throw new DomainError<SeatingErrorCode>('session_over');
  if (command.client) {
    const held = Object.values(state.holds)
      .filter((h) => h.client === command.client && isLive(h, command.now) && !replaced.includes(h))
      .reduce((sum, h) => sum + h.people, 0);
    const line = command.visitStartedAt ? CLIENT_MAX_PEOPLE : PARTY_MAX_PEOPLE;
    if (held + command.people > line) throw new DomainError<SeatingErrorCode>(command.visitStartedAt ? 'client_hold_limit' : 'visit_required');
  }
  return new Date(Math.min(Date.parse(command.expiresAt), sessionEnd)).toISOString();
}

function decideHold(command: Extract<SeatingCommand, { type: 'HoldSeats' }>, state: SeatingState): SeatingEvent[] {
  // One hold per reservation session: choosing another time gives the old one back first.
  const previous = Object.values(state.holds).filter((h) => h.sessionId === command.sessionId && h.reservationId === null);
  const expiresAt = holdLimits(command, state, previous);
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
        expiresAt,
        heldAt: command.now,
        client: command.client ?? null,
        visited: Boolean(command.visitStartedAt),
      },
    },
  ];
}

function decideMove(command: Extract<SeatingCommand, { type: 'MoveSeats' }>, state: SeatingState): SeatingEvent[] {
  const booking = state.bookings[command.reservationId];
  if (!booking) throw new DomainError<SeatingErrorCode>('booking_not_found');
  const { expected } = command;
  if (expected && (expected.startMinute !== booking.start || [...expected.seatIds].sort().join() !== [...booking.seatIds].sort().join())) {
    throw new DomainError<SeatingErrorCode>('changed_elsewhere');
  }
  const interval = { start: command.startMinute, end: command.endMinute };
  const people = command.people ?? booking.people;
  checkSeats(state, command, people, interval, { reservationId: command.reservationId });
  return [
    {
      type: 'SeatsMoved',
      data: {
        reservationId: command.reservationId,
        seatIds: command.seatIds,
        startMinute: interval.start,
        endMinute: interval.end,
        ...(people !== booking.people ? { people } : {}),
      },
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
  // A stay ended before it began (a party that came early and left early) holds nothing: ended at
  // its start, the booking is gone and its seat free at once (decision 157).
  const endMinute = Math.max(booking.start, command.endMinute);
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
    case 'MergeBookings':
      return decideMerge(command, state);
    case 'SplitBookings':
      return decideSplit(command, state);
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
        client: d.client ?? null,
      };
      const heldAt = d.heldAt ?? new Date(Date.parse(d.expiresAt) - SESSION_MINUTES * 60_000).toISOString();
      return { ...state, holds: { ...compacted(state.holds, heldAt), [d.holdId]: hold }, sessions: remembered(state.sessions, d.sessionId, heldAt) };
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
      return { ...state, holds, bookings: { ...state.bookings, [d.reservationId]: booking } };
    }
    case 'SeatsReleased': {
      const { [event.data.reservationId]: _released, ...bookings } = state.bookings;
      return { ...state, bookings };
    }
    case 'SeatsMoved': {
      const booking = state.bookings[event.data.reservationId];
      if (!booking) return state;
      const moved = {
        ...booking,
        seatIds: event.data.seatIds,
        start: event.data.startMinute,
        end: event.data.endMinute,
        people: event.data.people ?? booking.people,
      };
      return { ...state, bookings: { ...state.bookings, [booking.reservationId]: moved } };
    }
    case 'BookingEnded': {
      const booking = state.bookings[event.data.reservationId];
      if (!booking) return state;
      if (event.data.endMinute <= booking.start) {
        const { [booking.reservationId]: _ended, ...rest } = state.bookings;
        return { ...state, bookings: rest };
      }
      return { ...state, bookings: { ...state.bookings, [booking.reservationId]: { ...booking, end: event.data.endMinute } } };
    }
    case 'BookingsMerged': {
      const { hostId, absorbedId, host, before } = event.data;
      const { [absorbedId]: _absorbed, ...bookings } = state.bookings;
      return { ...state, bookings: { ...bookings, [hostId]: fromMerged(hostId, host) }, merges: { ...state.merges, [absorbedId]: { hostId, before } } };
    }
    case 'BookingsSplit': {
      const { hostId, absorbedId, host, absorbed } = event.data;
      const { [absorbedId]: _undone, ...merges } = state.merges ?? {};
      const bookings = { ...state.bookings, [hostId]: fromMerged(hostId, host), [absorbedId]: fromMerged(absorbedId, absorbed) };
      return { ...state, bookings, merges };
    }
    default:
      return assertNever(event);
  }
}

/**
 * Compaction: a hold that had expired when a later hold was made can never count again (every
 * later command's `now` is later still), so the state forgets it and a day's state stays as
 * small as its live holds, however many holds the day saw (docs/decisions/050).
 */
function compacted(holds: Record<string, Hold>, heldAt: string): Record<string, Hold> {
  const at = Date.parse(heldAt);
  if (Object.values(holds).every((h) => Date.parse(h.expiresAt) > at)) return holds;
  return Object.fromEntries(Object.entries(holds).filter(([, h]) => Date.parse(h.expiresAt) > at));
}

export const initialState = (): SeatingState => ({ holds: {}, bookings: {}, sessions: { buckets: {}, oldestAt: null } });

export const seatingLedger: Decider<SeatingState, SeatingCommand, SeatingEvent> = { initialState, evolve, decide, parseEvent: parseSeatingEvent };

import type { Interval, SeatSpec } from './allocation';
import type { HoldReleaseReason, MergedBooking, SeatsReleaseReason } from './events';
import type { RememberedSessions } from './sessions';

/**
 * The seating ledger's commands, what its stream folds to, and the codes it refuses with, in a
 * file of their own: the decider (decider.ts) and the checks it hands on (occupancy.ts, merge.ts)
 * all read these, and none of them has to import another to get them.
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
  | ({
      type: 'HoldSeats';
      holdId: string;
      sessionId: string;
      /** The latest the hold may last; the ledger ends it earlier when the session's 5 minutes end first. */
      expiresAt: string;
      /** A keyed digest of the client's address (the per-client line); null or absent when unknown (an internal caller). */
      client?: string | null;
      /** When the session's visit of the day screen began, when the session has a live one (checked by the edge). */
      visitStartedAt?: string | null;
    } & AllocationRequestFields)
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
      /** A new party size, when staff change it with the move (the seats must hold it). */
      people?: number;
      /** Where the mover's decision saw the booking: refused with 'changed_elsewhere' when another move came first. */
      expected?: { seatIds: readonly string[]; startMinute: number };
      seats: SeatSpec[];
      now: string;
    }
  /**
   * Two parties at adjoining seats become one (decision 370): the absorbed booking's seats join
   * the host's for both stays. `people`: the joined party, when staff say it grew (default the sum).
   */
  | { type: 'MergeBookings'; hostId: string; absorbedId: string; people?: number; seats: SeatSpec[]; now: string }
  /** Undoes that merge: both bookings as they were before it. */
  | { type: 'SplitBookings'; hostId: string; absorbedId: string };

export interface Hold extends Interval {
  holdId: string;
  sessionId: string;
  seatIds: string[];
  people: number;
  expiresAt: string;
  reservationId: string | null;
  client: string | null;
}

export interface Booking extends Interval {
  reservationId: string;
  seatIds: string[];
  people: number;
}

export interface SeatingState {
  /** Holds that may still count: a hold that expired before a later hold was made is dropped (compaction). */
  holds: Record<string, Hold>;
  bookings: Record<string, Booking>;
  /** Sessions that held seats on this day within the last day. */
  sessions: RememberedSessions;
  /** Merged parties by the absorbed reservation (decision 370): the host and both bookings as they were, for the undo. */
  merges?: Record<string, { hostId: string; before: { host: MergedBooking; absorbed: MergedBooking } }>;
}

/**
 * `session_over`: the session's 5 minutes are over (a new visit of the day screen starts another).
 * `session_hold_limit`: the session already chose a time MAX_HOLDS_PER_SESSION (decider.ts) times this day.
 * `visit_required`: the client address already holds a party's worth of seats from other
 * sessions, and this session did not come through the day screen. `client_hold_limit`: the
 * client address holds CLIENT_MAX_PEOPLE seats' worth already. See docs/decisions/050.
 */
export type SeatingErrorCode =
  | 'seats_full'
  | 'hold_not_found'
  | 'hold_expired'
  | 'booking_not_found'
  | 'over_capacity'
  | 'overlap'
  | 'unknown_seat'
  | 'session_over'
  | 'session_hold_limit'
  | 'visit_required'
  | 'client_hold_limit'
  | 'changed_elsewhere'
  /** A merge of parties whose seats do not adjoin (decision 370). */
  | 'not_adjoining'
  /** Undoing a merge that is not there. */
  | 'not_merged';

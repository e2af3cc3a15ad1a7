import type { FloorStatus, ReservationRequest } from './events';

/**
 * What one reservation's stream folds to (decider.ts `evolve`), with the codes its commands are
 * refused with, in a file of their own: the decider and the two command families it hands on
 * (visit.ts, merge.ts) all read these, and none of them has to import another to get them.
 */

/** The visit at the table, beside the booking's own lifecycle. */
export interface Visit {
  /** `web`: booked on the site; `walk_in`: started by a QR check-in at a free seat. */
  origin: 'web' | 'walk_in';
  /** The spec's status label (events.ts floorStatusSchema); null is "unset". */
  floor: FloorStatus | null;
  /** Live table-order tokens: SHA-256 hash → the seat its device checked in at, and until when (null: until checkout). */
  tokens: Record<string, { seatId: string; validUntil: string | null; renewals: string[] }>;
  /** Live one-time passes: SHA-256 hash → the seat it opens and until when. */
  passes: Record<string, { seatId: string; expiresAt: string }>;
  /** When the guests' phones issued invites within the last hour (decision 532), oldest first. */
  invites: string[];
  /** When the guests sat down: the walk-in's check-in, or the booked customer's arrival. */
  seatedAt: string | null;
  /** Until when staff waived the location check (ISO), or null. */
  locationWaivedUntil: string | null;
  exitedAt: string | null;
  /** Set while the booked party is recorded as never having come, with the status it had before (decision 156). */
  noShow: { at: string; from: FloorStatus | null } | null;
  /** The last orders (decider.ts ADMISSIONS_KEPT) its guests' phones placed (decision 155), oldest first. */
  admissions: { orderId: string; tokenHash: string; at: string }[];
  /** Parties merged into this one (decision 370), with this one's seats and people before each, for the undo. */
  merged: MergedParty[];
  /** Booked courses whose count staff changed on the bill (decision 630): menu id → the count billed now (0: taken off). */
  courseCounts: Record<string, number>;
  /** The party this one joined (decision 370): its visit and bill are that one's until the merge is undone. */
  mergedInto: string | null;
}

export interface MergedParty {
  reservationId: string;
  seatIds: string[];
  people: number;
  before: { seatIds: string[]; people: number };
}

export type ReservationState =
  | { status: 'empty' }
  | { status: 'awaiting_confirmation'; request: ReservationRequest; tokenHash: string | null; expiresAt: string | null; visit: Visit }
  | { status: 'confirmed'; request: ReservationRequest; tokenHash: string | null; visit: Visit }
  /** `tokenHash` stays, so the mail's link can still say the reservation was cancelled. */
  | { status: 'cancelled'; request: ReservationRequest; wasConfirmed: boolean; tokenHash: string | null; visit: Visit };

export type ReservationErrorCode =
  | 'already_exists'
  | 'not_found'
  | 'invalid_token'
  | 'token_expired'
  | 'already_confirmed'
  /** The link is right, but the reservation was cancelled since. */
  | 'cancelled'
  | 'not_cancellable'
  /** A visit command on a booking whose link was never opened. */
  | 'not_confirmed'
  /** A visit command after checkout or cancellation. */
  | 'visit_ended'
  /** A check-in at a seat that is not one of the reservation's. */
  | 'wrong_seat'
  /** Setting `cancelled` or `exited` as a label: those go through cancel and checkout, which free the seats. */
  | 'status_needs_command'
  /** A cancelled or checked-out reservation keeps its status. */
  | 'status_final'
  /** A move made from a stale view: the reservation was moved since the mover saw it. */
  | 'changed_elsewhere'
  /** Checkout of a party that never sat down (decision 156): a no-show instead. */
  | 'not_seated'
  /** Before the booking's day (checkout) or its start (no-show). */
  | 'not_started'
  /** A no-show of a party that is at the table. */
  | 'already_seated'
  /** Reverting a no-show of a reservation that is not one. */
  | 'not_no_show'
  /** Over the store's per-minute order caps (decision 155). */
  | 'too_many_orders'
  /** A phone at a booked seat named no proof: it must enter the reservation number or ask staff (decision 152). */
  | 'reservation_number_required'
  /** The reservation number given is not this booking's. */
  | 'wrong_reservation_number'
  /** The party is already seated: another phone joins through an invite from a phone in it, or through staff. */
  | 'invite_required'
  /** A pass that is unknown, used or expired. */
  | 'pass_invalid'
  /** Too many renewals of one device's token within the hour (decision 153). */
  | 'renewal_limit'
  /** A waiver longer than MAX_WAIVER_MINUTES. */
  | 'waiver_too_long'
  /** Too many invites from the visit's phones within the hour (decision 532). */
  | 'invite_limit'
  | MergeErrorCode
  | CourseLineErrorCode;

/** Why a change of a booked course's line on the bill is refused (course-line.ts). */
export type CourseLineErrorCode = 'course_line_unknown' | 'reason_required' | 'invalid_quantity';

/** Why a merge, join or undo of parties is refused (merge.ts). */
export type MergeErrorCode = 'checked_out' | 'different_stores' | 'different_days' | 'already_merged' | 'same_party' | 'not_merged' | 'not_last_merge';

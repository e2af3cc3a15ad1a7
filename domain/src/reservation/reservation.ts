import { minutesOf, tokyoInstant } from '../calendar/dates';
import { DomainError, assertNever, type Decider } from '../decider';
import { parseReservationEvent, type FloorStatus, type PaymentMethod, type ReservationEvent, type ReservationRequest } from './events';

/**
 * One reservation (stream `reservation-{id}`, events.ts): requested with a confirmation link,
 * confirmed by that single-use link, moved by staff, cancelled by the customer or staff. Its
 * seats live in the seating ledger of its day; this stream records what the customer asked for
 * and agreed to.
 *
 * It also records the visit at the table (decision 038): a QR walk-in starts a reservation of its
 * own (status `guest`), a booked customer's QR check-in records the arrival, each device gets a
 * table-order token (hashed here), staff may waive the location check for a while or set the
 * spec's status label, and checkout ends the visit (status `exited`) and every token with it.
 *
 * The confirmation token itself never enters an event: the service hashes it (SHA-256) and the
 * decider compares hashes, so a copy of the event log cannot confirm anything.
 */

/** Minutes a confirmation link stays valid (customer-site.md §9). */
export const CONFIRMATION_MINUTES = 5;

export type CancelProof = { kind: 'email'; email: string } | { kind: 'token'; tokenHash: string } | { kind: 'staff' };

export interface CheckoutPayment {
  method: PaymentMethod;
  subtotal: number;
  tax: number;
  total: number;
  orderIds: string[];
}

export interface WalkIn {
  reservationId: string;
  storeId: string;
  date: string;
  time: string;
  people: number;
  seatIds: string[];
  /** The seat's name as the guests saw it (for the live `qr-checkin` message). */
  seatName?: string | null;
}

/**
 * How long a table-order token lives: null until checkout; an instant when it was issued without
 * a location check under staff's waiver (it dies with the waiver, decision 060).
 */
export interface TokenGrant {
  tokenHash: string;
  validUntil?: string | null;
}

export type ReservationCommand =
  | { type: 'RequestReservation'; request: ReservationRequest; tokenHash: string; now: string }
  | { type: 'ConfirmReservation'; tokenHash: string; now: string }
  | {
      type: 'MoveReservation';
      seatIds: string[];
      time: string;
      people?: number;
      /** Another day (staff moved it through the schedule's detail); absent: the same day. */
      date?: string;
      /** Where the mover saw the reservation; refused with 'changed_elsewhere' when it is elsewhere now (two managers at once). */
      expected?: { seatIds: readonly string[]; time: string };
      now: string;
    }
  | { type: 'CancelReservation'; proof: CancelProof; reason: string; now: string }
  | ({ type: 'SeatWalkIn'; walkIn: WalkIn; now: string } & TokenGrant)
  | ({ type: 'RecordArrival'; seatId: string; people: number; seatName?: string | null; now: string } & TokenGrant)
  | ({ type: 'IssueVisitToken'; seatId: string; now: string } & TokenGrant)
  | { type: 'WaiveLocationCheck'; minutes: number; now: string }
  | { type: 'ChangeStatus'; to: FloorStatus | null; now: string }
  | { type: 'CheckOut'; payment: CheckoutPayment | null; now: string };

/** The visit at the table, beside the booking's own lifecycle. */
export interface Visit {
  /** `web`: booked on the site; `walk_in`: started by a QR check-in at a free seat. */
  origin: 'web' | 'walk_in';
  /** The spec's status label (events.ts floorStatusSchema); null is "unset". */
  floor: FloorStatus | null;
  /** Live table-order tokens: SHA-256 hash → the seat its device checked in at, and until when (null: until checkout). */
  tokens: Record<string, { seatId: string; validUntil: string | null }>;
  /** When the guests sat down: the walk-in's check-in, or the booked customer's arrival. */
  seatedAt: string | null;
  /** Until when staff waived the location check (ISO), or null. */
  locationWaivedUntil: string | null;
  exitedAt: string | null;
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
  | 'changed_elsewhere';

const refuse = (code: ReservationErrorCode) => new DomainError<ReservationErrorCode>(code);

/** When a confirmation link issued at `now` expires. */
export function confirmationExpiryDate(now: string): Date {
  return new Date(Date.parse(now) + CONFIRMATION_MINUTES * 60_000);
}

export function confirmationExpiry(now: string): string {
  return confirmationExpiryDate(now).toISOString();
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function decideCancel(command: Extract<ReservationCommand, { type: 'CancelReservation' }>, state: ReservationState): ReservationEvent[] {
  // A wrong e-mail answers exactly like an unknown id, so ids cannot be probed.
  if (state.status === 'empty') throw refuse('not_found');
  const { proof } = command;
  if (proof.kind === 'email' && !sameEmail(proof.email, state.request.customer.email)) throw refuse('not_found');
  if (proof.kind === 'token' && (state.status === 'cancelled' || state.tokenHash !== proof.tokenHash)) throw refuse('not_found');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null) throw refuse('not_cancellable');
  const by = proof.kind === 'staff' ? 'staff' : 'customer';
  return [{ type: 'ReservationCancelled', data: { by, reason: command.reason, cancelledAt: command.now, date: state.request.date } }];
}

type Active = Extract<ReservationState, { status: 'confirmed' }>;

/** The reservation as it is at the table: confirmed (or a walk-in) and neither checked out nor cancelled. */
function activeVisit(state: ReservationState): Active {
  if (state.status === 'empty') throw refuse('not_found');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null) throw refuse('visit_ended');
  if (state.status === 'awaiting_confirmation') throw refuse('not_confirmed');
  return state;
}

function decideArrival(command: Extract<ReservationCommand, { type: 'RecordArrival' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
  const token = tokenIssued(command, command.seatId);
  // A second device at the table (or a walk-in's) only gets a token of its own.
  if (active.visit.seatedAt !== null) return [token];
  const arrived: ReservationEvent = {
    type: 'CustomerArrived',
    data: { seatId: command.seatId, people: command.people, arrivedAt: command.now, date: active.request.date, seatName: command.seatName ?? null },
  };
  return [arrived, token];
}

function tokenIssued(grant: TokenGrant & { now: string }, seatId: string): ReservationEvent {
  return { type: 'VisitTokenIssued', data: { tokenHash: grant.tokenHash, seatId, issuedAt: grant.now, validUntil: grant.validUntil ?? null } };
}

function decideStatus(command: Extract<ReservationCommand, { type: 'ChangeStatus' }>, state: ReservationState): ReservationEvent[] {
  if (state.status === 'empty') throw refuse('not_found');
  if (command.to === state.visit.floor) return [];
  if (command.to === 'cancelled' || command.to === 'exited') throw refuse('status_needs_command');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null) throw refuse('status_final');
  return [{ type: 'StatusChanged', data: { from: state.visit.floor, to: command.to, changedAt: command.now, date: state.request.date } }];
}

/** Whole minutes from when the guests sat down (or the booked time) to `exitedAt`; at least 1. */
export function visitMinutes(request: Pick<ReservationRequest, 'date' | 'time'>, seatedAt: string | null, exitedAt: string): number {
  const start = seatedAt !== null ? Date.parse(seatedAt) : tokyoInstant(request.date, minutesOf(request.time)).getTime();
  return Math.max(1, Math.round((Date.parse(exitedAt) - start) / 60_000));
}

function decideCheckOut(command: Extract<ReservationCommand, { type: 'CheckOut' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  return [
    {
      type: 'CheckedOut',
      data: {
        payment: command.payment,
        exitedAt: command.now,
        actualDurationMinutes: visitMinutes(active.request, active.visit.seatedAt, command.now),
        date: active.request.date,
      },
    },
  ];
}

const samePlace = (a: { seatIds: readonly string[]; time: string }, b: { seatIds: readonly string[]; time: string }) =>
  a.time.slice(0, 5) === b.time.slice(0, 5) && [...a.seatIds].sort().join(',') === [...b.seatIds].sort().join(',');

export function decide(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
  switch (command.type) {
    case 'RequestReservation':
      if (state.status !== 'empty') throw refuse('already_exists');
      return [
        { type: 'ReservationRequested', data: { ...command.request, requestedAt: command.now } },
        { type: 'ConfirmationLinkIssued', data: { tokenHash: command.tokenHash, expiresAt: confirmationExpiry(command.now) } },
      ];
    case 'ConfirmReservation':
      if (state.status === 'empty') throw refuse('not_found');
      if (state.tokenHash !== command.tokenHash) throw refuse('invalid_token');
      // The right link of a cancelled reservation says so (the page tells the guest it was cancelled).
      if (state.status === 'cancelled') throw refuse('cancelled');
      // The link is single-use: once confirmed it confirms nothing again (the page shows it as confirmed).
      if (state.status === 'confirmed') throw refuse('already_confirmed');
      if (state.expiresAt === null || Date.parse(command.now) >= Date.parse(state.expiresAt)) throw refuse('token_expired');
      return [{ type: 'ReservationConfirmed', data: { tokenHash: command.tokenHash, confirmedAt: command.now, date: state.request.date } }];
    case 'MoveReservation':
      if (state.status === 'empty') throw refuse('not_found');
      if (state.status === 'cancelled' || state.visit.exitedAt !== null) throw refuse('not_cancellable');
      if (command.expected && !samePlace(command.expected, state.request)) throw refuse('changed_elsewhere');
      return [
        {
          type: 'ReservationMoved',
          data: {
            seatIds: command.seatIds,
            time: command.time,
            movedAt: command.now,
            date: command.date ?? state.request.date,
            ...(command.date !== undefined && command.date !== state.request.date ? { fromDate: state.request.date } : {}),
            ...(command.people !== undefined && command.people !== state.request.people ? { people: command.people } : {}),
          },
        },
      ];
    case 'CancelReservation':
      return decideCancel(command, state);
    case 'SeatWalkIn': {
      if (state.status !== 'empty') throw refuse('already_exists');
      const { seatName, ...walkIn } = command.walkIn;
      return [{ type: 'WalkInSeated', data: { ...walkIn, seatedAt: command.now, seatName: seatName ?? null } }, tokenIssued(command, walkIn.seatIds[0] ?? '')];
    }
    case 'RecordArrival':
      return decideArrival(command, state);
    case 'IssueVisitToken': {
      const active = activeVisit(state);
      if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
      return [tokenIssued(command, command.seatId)];
    }
    case 'WaiveLocationCheck': {
      activeVisit(state);
      const until = new Date(Date.parse(command.now) + command.minutes * 60_000).toISOString();
      return [{ type: 'LocationCheckWaived', data: { minutes: command.minutes, until, grantedAt: command.now } }];
    }
    case 'ChangeStatus':
      return decideStatus(command, state);
    case 'CheckOut':
      return decideCheckOut(command, state);
    default:
      return assertNever(command);
  }
}

/** A reservation made on the site starts as `web`; a walk-in as `guest` (it has no link to confirm). */
const webVisit = (): Visit => ({ origin: 'web', floor: 'web', tokens: {}, seatedAt: null, locationWaivedUntil: null, exitedAt: null });

function withVisit(state: ReservationState, change: (visit: Visit) => Visit): ReservationState {
  return state.status === 'empty' ? state : { ...state, visit: change(state.visit) };
}

/** What a walk-in's reservation records in place of a customer's request: no contact, no courses, no link. */
function walkInRequest(walkIn: WalkIn): ReservationRequest {
  return {
    ...walkIn,
    holdId: '',
    customer: { name: '', email: '', phone: '' },
    accountId: null,
    lines: [],
    detail: {},
    optionsPrice: 0,
    reservationNumber: null,
  };
}

export function evolve(state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'ReservationRequested': {
      const { requestedAt: _at, ...request } = event.data;
      return { status: 'awaiting_confirmation', request, tokenHash: null, expiresAt: null, visit: webVisit() };
    }
    case 'ConfirmationLinkIssued':
      return state.status === 'awaiting_confirmation' ? { ...state, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } : state;
    case 'ReservationConfirmed':
      return state.status === 'awaiting_confirmation' ? { status: 'confirmed', request: state.request, tokenHash: state.tokenHash, visit: state.visit } : state;
    case 'ReservationMoved':
      return state.status === 'awaiting_confirmation' || state.status === 'confirmed'
        ? {
            ...state,
            request: {
              ...state.request,
              seatIds: event.data.seatIds,
              time: event.data.time,
              people: event.data.people ?? state.request.people,
              date: event.data.date ?? state.request.date,
            },
          }
        : state;
    case 'ReservationCancelled':
      return state.status === 'empty'
        ? state
        : {
            status: 'cancelled',
            request: state.request,
            wasConfirmed: state.status === 'confirmed',
            tokenHash: state.tokenHash,
            visit: { ...state.visit, floor: 'cancelled', tokens: {} },
          };
    case 'WalkInSeated': {
      const { seatedAt, seatName: _name, ...walkIn } = event.data;
      const visit: Visit = { origin: 'walk_in', floor: 'guest', tokens: {}, seatedAt, locationWaivedUntil: null, exitedAt: null };
      return { status: 'confirmed', request: walkInRequest(walkIn), tokenHash: null, visit };
    }
    case 'CustomerArrived':
      return withVisit(state, (v) => ({ ...v, floor: 'confirmed', seatedAt: event.data.arrivedAt }));
    case 'VisitTokenIssued':
      return withVisit(state, (v) => ({
        ...v,
        tokens: { ...v.tokens, [event.data.tokenHash]: { seatId: event.data.seatId, validUntil: event.data.validUntil } },
      }));
    case 'LocationCheckWaived':
      return withVisit(state, (v) => ({ ...v, locationWaivedUntil: event.data.until }));
    case 'StatusChanged':
      return withVisit(state, (v) => ({ ...v, floor: event.data.to }));
    case 'CheckedOut':
      return withVisit(state, (v) => ({ ...v, floor: 'exited', tokens: {}, exitedAt: event.data.exitedAt }));
    case 'GuestDetailsCorrected':
      return state.status === 'empty'
        ? state
        : { ...state, request: { ...state.request, customer: { ...state.request.customer, name: event.data.name, phone: event.data.phone } } };
    case 'GuestForgotten':
      return state.status === 'empty' ? state : { ...state, request: { ...state.request, customer: event.data.customer, detail: event.data.detail } };
    default:
      return assertNever(event);
  }
}

/**
 * The seat a live table-order token was issued for, or null when it is unknown or dead (checked
 * out, cancelled, or issued under a waiver that has ended by `now`).
 */
export function visitTokenSeat(state: ReservationState, tokenHash: string, now: string): string | null {
  if (state.status !== 'confirmed' || state.visit.exitedAt !== null) return null;
  const token = Object.hasOwn(state.visit.tokens, tokenHash) ? state.visit.tokens[tokenHash]! : null;
  if (!token || (token.validUntil !== null && Date.parse(now) >= Date.parse(token.validUntil))) return null;
  return token.seatId;
}

/** Whether staff's waiver of the location check still holds at `now`. */
export function locationCheckWaived(state: ReservationState, now: string): boolean {
  return state.status !== 'empty' && state.visit.locationWaivedUntil !== null && Date.parse(now) < Date.parse(state.visit.locationWaivedUntil);
}

export const initialState = (): ReservationState => ({ status: 'empty' });

export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState,
  evolve,
  decide,
  parseEvent: parseReservationEvent,
};

/** Splits `{reservationId}.{secret}` and hashes the secret; a malformed token is an invalid link. */
export function parseToken(token: string, hash: (secret: string) => string): { reservationId: string; tokenHash: string } {
  const dot = token.indexOf('.');
  const reservationId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot <= 0 || secret.length < 22 || !/^[0-9a-f-]{36}$/i.test(reservationId)) throw new DomainError('invalid_token');
  return { reservationId, tokenHash: hash(secret) };
}

import { DomainError, assertNever, type Decider } from '../decider';
import { parseReservationEvent, type ReservationEvent, type ReservationRequest } from './events';
import { decideVisit, isNoShow, recentRenewals, type VisitCommand, type WalkIn } from './visit';
import { decideMerge, evolveMerge, type MergeCommand } from './merge';
import { decideCourseLine, type CourseLineCommand } from './course-line';
import type { ReservationErrorCode, ReservationState, Visit } from './state';

export type { MergedParty, MergeErrorCode, ReservationErrorCode, ReservationState, Visit } from './state';

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
 * Those commands are decided in visit.ts (`decideVisit`); their events evolve the state here.
 *
 * The confirmation token itself never enters an event: the service hashes it (SHA-256) and the
 * decider compares hashes, so a copy of the event log cannot confirm anything.
 */

/** Minutes a confirmation link stays valid (customer-site.md §9). */
export const CONFIRMATION_MINUTES = 5;

export type CancelProof = { kind: 'email'; email: string } | { kind: 'token'; tokenHash: string } | { kind: 'staff' };

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
  | VisitCommand
  | MergeCommand
  | CourseLineCommand;

/** How many admitted orders the state remembers: more than any per-minute cap the limits editor allows. */
const ADMISSIONS_KEPT = 100;

const refuse = (code: ReservationErrorCode) => new DomainError<ReservationErrorCode>(code);

/** When a confirmation link issued at `now` expires. */
export function confirmationExpiryDate(now: string): Date {
  return new Date(Date.parse(now) + CONFIRMATION_MINUTES * 60_000);
}

export function confirmationExpiry(now: string): string {
  return confirmationExpiryDate(now).toISOString();
}

/** Whether an unconfirmed reservation's confirmation link has run out at `now` (a link without an expiry never opens). */
export function confirmationLinkExpired(expiresAt: string | null, now: string): boolean {
  return expiresAt === null || Date.parse(now) >= Date.parse(expiresAt);
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function decideCancel(command: Extract<ReservationCommand, { type: 'CancelReservation' }>, state: ReservationState): ReservationEvent[] {
  // A wrong e-mail answers exactly like an unknown id, so ids cannot be probed.
  if (state.status === 'empty') throw refuse('not_found');
  const { proof } = command;
  if (proof.kind === 'email' && !sameEmail(proof.email, state.request.customer.email)) throw refuse('not_found');
  if (proof.kind === 'token' && (state.status === 'cancelled' || state.tokenHash !== proof.tokenHash)) throw refuse('not_found');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null || isNoShow(state)) throw refuse('not_cancellable');
  const by = proof.kind === 'staff' ? 'staff' : 'customer';
  return [{ type: 'ReservationCancelled', data: { by, reason: command.reason, cancelledAt: command.now, date: state.request.date } }];
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
      if (confirmationLinkExpired(state.expiresAt, command.now)) throw refuse('token_expired');
      return [{ type: 'ReservationConfirmed', data: { tokenHash: command.tokenHash, confirmedAt: command.now, date: state.request.date } }];
    case 'MoveReservation':
      if (state.status === 'empty') throw refuse('not_found');
      if (state.status === 'cancelled' || state.visit.exitedAt !== null || isNoShow(state)) throw refuse('not_cancellable');
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
    case 'MergeParty':
    case 'JoinParty':
    case 'UndoMerge':
    case 'LeaveParty':
      return decideMerge(command, state);
    case 'ChangeCourseLine':
      return decideCourseLine(command, state);
    default:
      return decideVisit(command, state);
  }
}

/** A reservation made on the site starts as `web`; a walk-in as `guest` (it has no link to confirm). */
const webVisit = (): Visit => ({
  origin: 'web',
  floor: 'web',
  tokens: {},
  passes: {},
  invites: [],
  seatedAt: null,
  locationWaivedUntil: null,
  exitedAt: null,
  noShow: null,
  admissions: [],
  courseCounts: {},
  merged: [],
  mergedInto: null,
});

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
            visit: { ...state.visit, floor: 'cancelled', tokens: {}, passes: {} },
          };
    case 'WalkInSeated': {
      const { seatedAt, seatName: _name, ...walkIn } = event.data;
      const visit: Visit = {
        origin: 'walk_in',
        floor: 'guest',
        tokens: {},
        passes: {},
        invites: [],
        seatedAt,
        locationWaivedUntil: null,
        exitedAt: null,
        noShow: null,
        admissions: [],
        courseCounts: {},
        merged: [],
        mergedInto: null,
      };
      return { status: 'confirmed', request: walkInRequest(walkIn), tokenHash: null, visit };
    }
    case 'CustomerArrived':
      return withVisit(state, (v) => ({ ...v, floor: 'confirmed', seatedAt: event.data.arrivedAt }));
    case 'VisitTokenIssued':
      return withVisit(state, (v) => {
        const { [event.data.replaces ?? '']: replaced, ...others } = v.tokens;
        const renewals = replaced && event.data.replaces !== null ? [...recentRenewals(replaced.renewals, event.data.issuedAt), event.data.issuedAt] : [];
        return { ...v, tokens: { ...others, [event.data.tokenHash]: { seatId: event.data.seatId, validUntil: event.data.validUntil, renewals } } };
      });
    case 'VisitPassIssued':
      return withVisit(state, (v) => ({
        ...v,
        passes: { ...v.passes, [event.data.passHash]: { seatId: event.data.seatId, expiresAt: event.data.expiresAt } },
        invites: event.data.by === 'guest' ? [...recentRenewals(v.invites, event.data.issuedAt), event.data.issuedAt] : v.invites,
      }));
    case 'VisitPassUsed':
      return withVisit(state, (v) => {
        const { [event.data.passHash]: _used, ...passes } = v.passes;
        return { ...v, passes };
      });
    case 'LocationCheckWaived':
      return withVisit(state, (v) => ({ ...v, locationWaivedUntil: event.data.until }));
    case 'StatusChanged':
      return withVisit(state, (v) => ({ ...v, floor: event.data.to }));
    case 'CheckedOut':
      return withVisit(state, (v) => ({ ...v, floor: 'exited', tokens: {}, passes: {}, exitedAt: event.data.exitedAt }));
    case 'MarkedNoShow':
      return withVisit(state, (v) => ({ ...v, floor: 'no_show', tokens: {}, passes: {}, noShow: { at: event.data.markedAt, from: event.data.from } }));
    case 'NoShowReverted':
      return withVisit(state, (v) => ({ ...v, floor: event.data.to, noShow: null }));
    case 'OrderAdmitted': {
      const admitted = { orderId: event.data.orderId, tokenHash: event.data.tokenHash, at: event.data.admittedAt };
      return withVisit(state, (v) => ({ ...v, admissions: [...v.admissions, admitted].slice(-ADMISSIONS_KEPT) }));
    }
    case 'PartyMerged':
    case 'MergedIntoParty':
    case 'PartyMergeUndone':
    case 'MergeUndone':
      return evolveMerge(state, event);
    case 'CourseLineChanged':
      return withVisit(state, (v) => ({ ...v, courseCounts: { ...v.courseCounts, [event.data.menuId]: event.data.to } }));
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

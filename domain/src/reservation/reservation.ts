import { DomainError, assertNever, type Decider } from '../decider';
import { parseReservationEvent, type ReservationEvent, type ReservationRequest } from './events';

/**
 * One reservation (stream `reservation-{id}`, events.ts): requested with a confirmation link,
 * confirmed by that single-use link, moved by staff, cancelled by the customer or staff. Its
 * seats live in the seating ledger of its day; this stream records what the customer asked for
 * and agreed to.
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
  | { type: 'MoveReservation'; seatIds: string[]; time: string; now: string }
  | { type: 'CancelReservation'; proof: CancelProof; reason: string; now: string };

export type ReservationState =
  | { status: 'empty' }
  | { status: 'awaiting_confirmation'; request: ReservationRequest; tokenHash: string | null; expiresAt: string | null }
  | { status: 'confirmed'; request: ReservationRequest; tokenHash: string | null }
  | { status: 'cancelled'; request: ReservationRequest; wasConfirmed: boolean };

export type ReservationErrorCode = 'already_exists' | 'not_found' | 'invalid_token' | 'token_expired' | 'already_confirmed' | 'not_cancellable';

const refuse = (code: ReservationErrorCode) => new DomainError<ReservationErrorCode>(code);

export function confirmationExpiry(now: string): string {
  return new Date(Date.parse(now) + CONFIRMATION_MINUTES * 60_000).toISOString();
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function decideCancel(command: Extract<ReservationCommand, { type: 'CancelReservation' }>, state: ReservationState): ReservationEvent[] {
  // A wrong e-mail answers exactly like an unknown id, so ids cannot be probed.
  if (state.status === 'empty') throw refuse('not_found');
  const { proof } = command;
  if (proof.kind === 'email' && !sameEmail(proof.email, state.request.customer.email)) throw refuse('not_found');
  if (proof.kind === 'token' && (state.status === 'cancelled' || state.tokenHash !== proof.tokenHash)) throw refuse('not_found');
  if (state.status === 'cancelled') throw refuse('not_cancellable');
  const by = proof.kind === 'staff' ? 'staff' : 'customer';
  return [{ type: 'ReservationCancelled', data: { by, reason: command.reason, cancelledAt: command.now, date: state.request.date } }];
}

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
      if (state.status === 'cancelled') throw refuse('invalid_token');
      if (state.tokenHash !== command.tokenHash) throw refuse('invalid_token');
      // The link is single-use: once confirmed it confirms nothing again (the page shows it as confirmed).
      if (state.status === 'confirmed') throw refuse('already_confirmed');
      if (state.expiresAt === null || Date.parse(command.now) >= Date.parse(state.expiresAt)) throw refuse('token_expired');
      return [{ type: 'ReservationConfirmed', data: { tokenHash: command.tokenHash, confirmedAt: command.now, date: state.request.date } }];
    case 'MoveReservation':
      if (state.status === 'empty') throw refuse('not_found');
      if (state.status === 'cancelled') throw refuse('not_cancellable');
      return [{ type: 'ReservationMoved', data: { seatIds: command.seatIds, time: command.time, movedAt: command.now, date: state.request.date } }];
    case 'CancelReservation':
      return decideCancel(command, state);
    default:
      return assertNever(command);
  }
}

export function evolve(state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'ReservationRequested': {
      const { requestedAt: _at, ...request } = event.data;
      return { status: 'awaiting_confirmation', request, tokenHash: null, expiresAt: null };
    }
    case 'ConfirmationLinkIssued':
      return state.status === 'awaiting_confirmation' ? { ...state, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } : state;
    case 'ReservationConfirmed':
      return state.status === 'awaiting_confirmation' ? { status: 'confirmed', request: state.request, tokenHash: state.tokenHash } : state;
    case 'ReservationMoved':
      return state.status === 'awaiting_confirmation' || state.status === 'confirmed'
        ? { ...state, request: { ...state.request, seatIds: event.data.seatIds, time: event.data.time } }
        : state;
    case 'ReservationCancelled':
      return state.status === 'empty' ? state : { status: 'cancelled', request: state.request, wasConfirmed: state.status === 'confirmed' };
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

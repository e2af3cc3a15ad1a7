import { minutesOf, tokyoDateTime, tokyoInstant } from '../calendar/dates';
import { DomainError, assertNever } from '../decider';
import type { ReservationErrorCode, ReservationState } from './state';
import type { FloorStatus, PaymentMethod, ReservationEvent, ReservationRequest } from './events';

/**
 * The visit at the table (decision 038), the second half of a reservation's life beside its
 * booking (decider.ts): a QR walk-in starts a reservation of its own, a booked party's arrival is
 * recorded, each phone gets a table-order token (hashed) or joins with a one-time pass, staff may
 * waive the location check for a while or set the spec's status label, orders are admitted within
 * the store's per-minute caps, and checkout or a no-show ends the visit and every token with it.
 * The reservation decider hands every visit command to `decideVisit`; the events are the
 * reservation's own (events.ts).
 */

export interface CheckoutPayment {
  method: PaymentMethod;
  subtotal: number;
  tax: number;
  total: number;
  orderIds: string[];
  /** The booked courses on this bill (decision 633): what the booking came to with tax, and what their lines came to here. */
  courses?: { booked: number; billed: number };
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

/** A one-time pass into the visit (decisions 151, 152): only its hash, and when it stops working. */
export interface PassGrant {
  passHash: string;
  expiresAt: string;
}

/**
 * What lets a phone join a booked party at its seat (decision 152): staff (signed in), or the
 * booking's short reservation number (the first phone only). Anything else (`none`) is refused,
 * never the party's token. Later phones join through a pass (`JoinWithPass`).
 */
export type JoinProof = { kind: 'staff' } | { kind: 'number'; number: string } | { kind: 'none' };

/** Minutes staff may waive the location check for at most (spec §9: the pass is 15 minutes; one of 240 was once granted). */
export const MAX_WAIVER_MINUTES = 15;
/** Renewals a device's token may have within an hour (decision 153): a real table renews once or twice after a waiver ends. */
export const RENEWALS_PER_HOUR = 3;
/**
 * Invites a visit's phones may issue within an hour (decision 532): one for each friend's phone of
 * a large table, and a few spare. Each invite is a pass that opens the table once.
 */
export const INVITES_PER_HOUR = 8;
const HOUR_MS = 60 * 60_000;

/** How many orders a visit's phones, and one phone, may place in a minute (the store's order limits, decision 155). */
export interface OrderCaps {
  perVisitPerMinute: number;
  perTokenPerMinute: number;
}

export type VisitCommand =
  | ({ type: 'SeatWalkIn'; walkIn: WalkIn; now: string } & TokenGrant)
  /** Staff seat a walk-in (decision 151): the visit starts with a one-time pass for the tablet instead of a token. */
  | { type: 'SeatWalkInByStaff'; walkIn: WalkIn; pass: PassGrant; now: string }
  | ({ type: 'RecordArrival'; seatId: string; people: number; seatName?: string | null; proof: JoinProof; now: string } & TokenGrant)
  /** Staff seat a booked party at one of its seats: its arrival (when not yet recorded) and a one-time pass for the tablet. */
  | { type: 'SeatBookedParty'; seatId: string; people: number; seatName?: string | null; pass: PassGrant; now: string }
  /** A renewal: the device's current token (`replaces`, its hash; even one ended with a waiver) for a new one. */
  | ({ type: 'IssueVisitToken'; seatId: string; replaces: string; now: string } & TokenGrant)
  /** A phone in the visit invites a friend's phone (decision 152). */
  | { type: 'IssueVisitPass'; seatId: string; pass: PassGrant; now: string }
  /** A phone uses a pass (staff's or a friend's invite): the pass dies, the phone gets a token at the pass's seat. */
  | { type: 'JoinWithPass'; passHash: string; tokenHash: string; now: string }
  | { type: 'WaiveLocationCheck'; minutes: number; now: string }
  | { type: 'ChangeStatus'; to: FloorStatus | null; now: string }
  | { type: 'CheckOut'; payment: CheckoutPayment | null; now: string }
  /** Staff record that the booked party never came (decision 156). */
  | { type: 'MarkNoShow'; now: string }
  /** An admin takes a no-show back, saying why. */
  | { type: 'RevertNoShow'; reason: string; now: string }
  /** A guest's phone places an order: within the per-minute caps of the store (decision 155). */
  | { type: 'AdmitOrder'; orderId: string; tokenHash: string; caps: OrderCaps; now: string };

const refuse = (code: ReservationErrorCode) => new DomainError<ReservationErrorCode>(code);

type Active = Extract<ReservationState, { status: 'confirmed' }>;

/** Whether the booked party is recorded as never having come (decision 156). */
export function isNoShow(state: ReservationState): boolean {
  return state.status !== 'empty' && state.visit.noShow !== null;
}

/** The reservation as it is at the table: confirmed (or a walk-in) and neither checked out, cancelled nor a no-show. */
function activeVisit(state: ReservationState): Active {
  if (state.status === 'empty') throw refuse('not_found');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null || isNoShow(state)) throw refuse('visit_ended');
  if (state.status === 'awaiting_confirmation') throw refuse('not_confirmed');
  return state;
}

/** Reservation numbers as guests type them: any case, spaces and dashes of any kind are forgiven. */
export function normalizeReservationNumber(number: string): string {
  return number.toUpperCase().replace(/[\s\-‐-―−ー－]/g, '');
}

/**
 * Who may join a booked party at its seat (decision 152): staff always; before the party is
 * seated, a phone with the booking's reservation number; once it is seated, no phone by this
 * command (a friend joins with an invite, `JoinWithPass`). A walk-in's visit is "seated" from its start.
 */
function checkJoinProof(active: Active, proof: JoinProof): void {
  if (proof.kind === 'staff') return;
  if (active.visit.seatedAt !== null) throw refuse('invite_required');
  if (proof.kind === 'none') throw refuse('reservation_number_required');
  const expected = active.request.reservationNumber;
  if (expected === null || normalizeReservationNumber(proof.number) !== normalizeReservationNumber(expected)) throw refuse('wrong_reservation_number');
}

function arrivalOf(active: Active, command: { seatId: string; people: number; seatName?: string | null | undefined; now: string }): ReservationEvent {
  return {
    type: 'CustomerArrived',
    data: { seatId: command.seatId, people: command.people, arrivedAt: command.now, date: active.request.date, seatName: command.seatName ?? null },
  };
}

function decideArrival(command: Extract<VisitCommand, { type: 'RecordArrival' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
  checkJoinProof(active, command.proof);
  const token = tokenIssued(command, command.seatId);
  // A second device at the table (staff's check-in) only gets a token of its own.
  if (active.visit.seatedAt !== null) return [token];
  return [arrivalOf(active, command), token];
}

function tokenIssued(grant: TokenGrant & { now: string }, seatId: string, replaces: string | null = null): ReservationEvent {
  return { type: 'VisitTokenIssued', data: { tokenHash: grant.tokenHash, seatId, issuedAt: grant.now, validUntil: grant.validUntil ?? null, replaces } };
}

function passIssued(pass: PassGrant, seatId: string, by: 'staff' | 'guest', now: string): ReservationEvent {
  return { type: 'VisitPassIssued', data: { passHash: pass.passHash, seatId, by, issuedAt: now, expiresAt: pass.expiresAt } };
}

/** The device's token for a new one (decision 153): the old one must be this visit's (a waiver's end does not matter), renewed at most RENEWALS_PER_HOUR times an hour. */
function decideRenewal(command: Extract<VisitCommand, { type: 'IssueVisitToken' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
  const old = Object.hasOwn(active.visit.tokens, command.replaces) ? active.visit.tokens[command.replaces]! : null;
  if (!old || old.seatId !== command.seatId) throw refuse('invalid_token');
  if (recentRenewals(old.renewals, command.now).length >= RENEWALS_PER_HOUR) throw refuse('renewal_limit');
  return [tokenIssued(command, command.seatId, command.replaces)];
}

/** The times of `renewals` (or of invites) within the hour before `now`. */
export const recentRenewals = (renewals: readonly string[], now: string) => renewals.filter((at) => Date.parse(now) - Date.parse(at) < HOUR_MS);

function decideJoinWithPass(command: Extract<VisitCommand, { type: 'JoinWithPass' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  const pass = Object.hasOwn(active.visit.passes, command.passHash) ? active.visit.passes[command.passHash]! : null;
  if (!pass || Date.parse(command.now) >= Date.parse(pass.expiresAt)) throw refuse('pass_invalid');
  return [{ type: 'VisitPassUsed', data: { passHash: command.passHash, usedAt: command.now } }, tokenIssued(command, pass.seatId)];
}

function decideStatus(command: Extract<VisitCommand, { type: 'ChangeStatus' }>, state: ReservationState): ReservationEvent[] {
  if (state.status === 'empty') throw refuse('not_found');
  if (command.to === state.visit.floor) return [];
  if (command.to === 'cancelled' || command.to === 'exited' || command.to === 'no_show') throw refuse('status_needs_command');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null || isNoShow(state)) throw refuse('status_final');
  return [{ type: 'StatusChanged', data: { from: state.visit.floor, to: command.to, changedAt: command.now, date: state.request.date } }];
}

/** Whole minutes from when the guests sat down (or the booked time) to `exitedAt`; at least 1. */
export function visitMinutes(request: Pick<ReservationRequest, 'date' | 'time'>, seatedAt: string | null, exitedAt: string): number {
  const start = seatedAt !== null ? Date.parse(seatedAt) : tokyoInstant(request.date, minutesOf(request.time)).getTime();
  return Math.max(1, Math.round((Date.parse(exitedAt) - start) / 60_000));
}

/** When the booking starts, as an instant. */
const startOf = (request: Pick<ReservationRequest, 'date' | 'time'>) => tokyoInstant(request.date, minutesOf(request.time)).getTime();

/** Only a visit that began ends in a checkout: the guests sat down (check-in or staff), on or after its day (decision 156). */
function decideCheckOut(command: Extract<VisitCommand, { type: 'CheckOut' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  // A party merged into another (decision 370) leaves with it, seated or not.
  if (active.visit.seatedAt === null && active.visit.mergedInto === null) throw refuse('not_seated');
  if (tokyoDateTime(new Date(command.now)).date < active.request.date) throw refuse('not_started');
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

/** A booked party that never sat down, once its time has come: `no_show`, its tokens dead (decision 156). */
function decideNoShow(command: Extract<VisitCommand, { type: 'MarkNoShow' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (active.visit.seatedAt !== null) throw refuse('already_seated');
  if (Date.parse(command.now) < startOf(active.request)) throw refuse('not_started');
  return [{ type: 'MarkedNoShow', data: { from: active.visit.floor, markedAt: command.now, date: active.request.date } }];
}

function decideRevertNoShow(command: Extract<VisitCommand, { type: 'RevertNoShow' }>, state: ReservationState): ReservationEvent[] {
  if (state.status === 'empty') throw refuse('not_found');
  const { noShow } = state.visit;
  if (noShow === null) throw refuse('not_no_show');
  return [{ type: 'NoShowReverted', data: { reason: command.reason, to: noShow.from, revertedAt: command.now, date: state.request.date } }];
}

/** Orders of the last minute, by the visit's phones and by this one, against the store's caps; a resent order is admitted once. */
function decideAdmission(command: Extract<VisitCommand, { type: 'AdmitOrder' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  const { admissions } = active.visit;
  if (admissions.some((a) => a.orderId === command.orderId)) return [];
  const since = Date.parse(command.now) - 60_000;
  const recent = admissions.filter((a) => Date.parse(a.at) > since);
  const byToken = recent.filter((a) => a.tokenHash === command.tokenHash);
  if (recent.length >= command.caps.perVisitPerMinute || byToken.length >= command.caps.perTokenPerMinute) throw refuse('too_many_orders');
  return [{ type: 'OrderAdmitted', data: { orderId: command.orderId, tokenHash: command.tokenHash, admittedAt: command.now } }];
}

/** Decides a command of the visit at the table (the reservation decider's `decide` passes them here). */
export function decideVisit(command: VisitCommand, state: ReservationState): ReservationEvent[] {
  switch (command.type) {
    case 'SeatWalkIn': {
      if (state.status !== 'empty') throw refuse('already_exists');
      const { seatName, ...walkIn } = command.walkIn;
      return [{ type: 'WalkInSeated', data: { ...walkIn, seatedAt: command.now, seatName: seatName ?? null } }, tokenIssued(command, walkIn.seatIds[0] ?? '')];
    }
    case 'RecordArrival':
      return decideArrival(command, state);
    case 'SeatWalkInByStaff': {
      if (state.status !== 'empty') throw refuse('already_exists');
      const { seatName, ...walkIn } = command.walkIn;
      return [
        { type: 'WalkInSeated', data: { ...walkIn, seatedAt: command.now, seatName: seatName ?? null } },
        passIssued(command.pass, walkIn.seatIds[0] ?? '', 'staff', command.now),
      ];
    }
    case 'SeatBookedParty': {
      const active = activeVisit(state);
      if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
      const pass = passIssued(command.pass, command.seatId, 'staff', command.now);
      return active.visit.seatedAt !== null ? [pass] : [arrivalOf(active, command), pass];
    }
    case 'IssueVisitToken':
      return decideRenewal(command, state);
    case 'IssueVisitPass': {
      const active = activeVisit(state);
      if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
      if (recentRenewals(active.visit.invites, command.now).length >= INVITES_PER_HOUR) throw refuse('invite_limit');
      return [passIssued(command.pass, command.seatId, 'guest', command.now)];
    }
    case 'JoinWithPass':
      return decideJoinWithPass(command, state);
    case 'WaiveLocationCheck': {
      activeVisit(state);
      if (!Number.isInteger(command.minutes) || command.minutes < 1 || command.minutes > MAX_WAIVER_MINUTES) throw refuse('waiver_too_long');
      const until = new Date(Date.parse(command.now) + command.minutes * 60_000).toISOString();
      return [{ type: 'LocationCheckWaived', data: { minutes: command.minutes, until, grantedAt: command.now } }];
    }
    case 'ChangeStatus':
      return decideStatus(command, state);
    case 'CheckOut':
      return decideCheckOut(command, state);
    case 'MarkNoShow':
      return decideNoShow(command, state);
    case 'RevertNoShow':
      return decideRevertNoShow(command, state);
    case 'AdmitOrder':
      return decideAdmission(command, state);
    default:
      return assertNever(command);
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

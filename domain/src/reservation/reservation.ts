import { minutesOf, tokyoDateTime, tokyoInstant } from '../calendar/dates';
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

/** Minutes staff may waive the location check for at most (spec §9: the pass is 15 minutes; decision 151). */
export const MAX_WAIVER_MINUTES = 15;
/** Renewals a device's token may have within an hour (decision 153): a real table renews once or twice after a waiver ends. */
export const RENEWALS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

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

/** How many orders a visit's phones, and one phone, may place in a minute (the store's order limits, decision 155). */
export interface OrderCaps {
  perVisitPerMinute: number;
  perTokenPerMinute: number;
}

/** How many admitted orders the state remembers: more than any per-minute cap the limits editor allows. */
const ADMISSIONS_KEPT = 100;

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
  /** When the guests sat down: the walk-in's check-in, or the booked customer's arrival. */
  seatedAt: string | null;
  /** Until when staff waived the location check (ISO), or null. */
  locationWaivedUntil: string | null;
  exitedAt: string | null;
  /** Set while the booked party is recorded as never having come, with the status it had before (decision 156). */
  noShow: { at: string; from: FloorStatus | null } | null;
  /** The last ADMISSIONS_KEPT orders its guests' phones placed (decision 155), oldest first. */
  admissions: { orderId: string; tokenHash: string; at: string }[];
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
  | 'waiver_too_long';

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

type Active = Extract<ReservationState, { status: 'confirmed' }>;

/** Whether the booked party is recorded as never having come (decision 156). */
function isNoShow(state: ReservationState): boolean {
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
function normalizeReservationNumber(number: string): string {
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

function decideArrival(command: Extract<ReservationCommand, { type: 'RecordArrival' }>, state: ReservationState): ReservationEvent[] {
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
function decideRenewal(command: Extract<ReservationCommand, { type: 'IssueVisitToken' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (!active.request.seatIds.includes(command.seatId)) throw refuse('wrong_seat');
  const old = Object.hasOwn(active.visit.tokens, command.replaces) ? active.visit.tokens[command.replaces]! : null;
  if (!old || old.seatId !== command.seatId) throw refuse('invalid_token');
  if (recentRenewals(old.renewals, command.now).length >= RENEWALS_PER_HOUR) throw refuse('renewal_limit');
  return [tokenIssued(command, command.seatId, command.replaces)];
}

const recentRenewals = (renewals: readonly string[], now: string) => renewals.filter((at) => Date.parse(now) - Date.parse(at) < HOUR_MS);

function decideJoinWithPass(command: Extract<ReservationCommand, { type: 'JoinWithPass' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  const pass = Object.hasOwn(active.visit.passes, command.passHash) ? active.visit.passes[command.passHash]! : null;
  if (!pass || Date.parse(command.now) >= Date.parse(pass.expiresAt)) throw refuse('pass_invalid');
  return [{ type: 'VisitPassUsed', data: { passHash: command.passHash, usedAt: command.now } }, tokenIssued(command, pass.seatId)];
}

function decideStatus(command: Extract<ReservationCommand, { type: 'ChangeStatus' }>, state: ReservationState): ReservationEvent[] {
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
function decideCheckOut(command: Extract<ReservationCommand, { type: 'CheckOut' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (active.visit.seatedAt === null) throw refuse('not_seated');
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
function decideNoShow(command: Extract<ReservationCommand, { type: 'MarkNoShow' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  if (active.visit.seatedAt !== null) throw refuse('already_seated');
  if (Date.parse(command.now) < startOf(active.request)) throw refuse('not_started');
  return [{ type: 'MarkedNoShow', data: { from: active.visit.floor, markedAt: command.now, date: active.request.date } }];
}

function decideRevertNoShow(command: Extract<ReservationCommand, { type: 'RevertNoShow' }>, state: ReservationState): ReservationEvent[] {
  if (state.status === 'empty') throw refuse('not_found');
  const { noShow } = state.visit;
  if (noShow === null) throw refuse('not_no_show');
  return [{ type: 'NoShowReverted', data: { reason: command.reason, to: noShow.from, revertedAt: command.now, date: state.request.date } }];
}

/** Orders of the last minute, by the visit's phones and by this one, against the store's caps; a resent order is admitted once. */
function decideAdmission(command: Extract<ReservationCommand, { type: 'AdmitOrder' }>, state: ReservationState): ReservationEvent[] {
  const active = activeVisit(state);
  const { admissions } = active.visit;
  if (admissions.some((a) => a.orderId === command.orderId)) return [];
  const since = Date.parse(command.now) - 60_000;
  const recent = admissions.filter((a) => Date.parse(a.at) > since);
  const byToken = recent.filter((a) => a.tokenHash === command.tokenHash);
  if (recent.length >= command.caps.perVisitPerMinute || byToken.length >= command.caps.perTokenPerMinute) throw refuse('too_many_orders');
  return [{ type: 'OrderAdmitted', data: { orderId: command.orderId, tokenHash: command.tokenHash, admittedAt: command.now } }];
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

/** A reservation made on the site starts as `web`; a walk-in as `guest` (it has no link to confirm). */
const webVisit = (): Visit => ({
  origin: 'web',
  floor: 'web',
  tokens: {},
  passes: {},
  seatedAt: null,
  locationWaivedUntil: null,
  exitedAt: null,
  noShow: null,
  admissions: [],
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
        seatedAt,
        locationWaivedUntil: null,
        exitedAt: null,
        noShow: null,
        admissions: [],
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

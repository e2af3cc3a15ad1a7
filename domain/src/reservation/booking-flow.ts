import { commandHandler, currentState, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator } from '../ports';
import type { SeatSpec } from '../seating/allocation';
import { checkDate, courseMinutesOf, type BusinessDay, type DateRefusal, type MenuRules, type SameDaySettings } from '../seating/availability';
import { minutesOf, tokyoDateTime } from '../seating/business-time';
import { seatingLedger, seatingStreamId, type Hold, type SeatingEvent, type SeatingState } from '../seating/ledger';
import {
  confirmationExpiry,
  reservationDecider,
  reservationStreamId,
  type CustomerContact,
  type ReservationDetail,
  type ReservationEvent,
  type ReservationRequest,
  type ReservationState,
  type ReservedLine,
} from './reservation';

/**
 * The customer's booking flow across its two streams. The contended one, the seating ledger of
 * the day, is always written first; what a half-done command leaves behind heals by itself:
 *
 * - allocate-seat writes only the ledger (a hold that expires after the reservation session).
 * - send-confirmation extends the session's hold to the link's expiry (ledger), then records the
 *   reservation (its own stream). If the second write fails, the extended hold simply expires
 *   five minutes later and nobody is left with a reservation that has no seats.
 * - confirm books the held seats (ledger, idempotent), then records the confirmation. If the
 *   second write fails the link is still unused, and opening it again finds the seats already
 *   booked and records the confirmation.
 * - cancel releases the seats (ledger, idempotent), then records the cancellation; a retry of a
 *   half-done cancel completes it the same way.
 *
 * See docs/decisions/020-reservation-two-streams.md.
 */

/** How long a seat hold made at time choice lasts: the reservation session (customer-site.md §4). */
export const HOLD_MINUTES = 5;

/**
 * A hold lasts the reservation session: 5 minutes from the session's start when the browser
 * says when that was (and it is believable: not in the future, not over), else 5 minutes from now.
 */
export function holdExpiry(now: Date, sessionStartedAt?: Date): Date {
  const fromNow = now.getTime() + HOLD_MINUTES * 60_000;
  if (!sessionStartedAt) return new Date(fromNow);
  const sessionEnd = sessionStartedAt.getTime() + HOLD_MINUTES * 60_000;
  if (sessionStartedAt.getTime() > now.getTime() || sessionEnd <= now.getTime()) return new Date(fromNow);
  return new Date(sessionEnd);
}

/** The reference data the flow needs, read from the catalog's read models. */
export interface ReservationCatalog {
  /** The store the public site books (the spec's calls carry no store id). */
  defaultStoreId(): Promise<string | null>;
  /** Reservable seats of the store, in display order. */
  seats(storeId: string): Promise<SeatSpec[]>;
  businessDays(storeId: string, dates: readonly string[]): Promise<Record<string, BusinessDay>>;
  menus(storeId: string, menuIds: readonly string[]): Promise<MenuRules[]>;
  sameDaySettings(storeId: string): Promise<SameDaySettings>;
}

export interface BookingFlowDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  catalog: ReservationCatalog;
  /** One-way hash of a confirmation token (SHA-256 hex at the edge). */
  hashToken(token: string): string;
  /** Conflict retries on a day's ledger; every concurrent chooser of the day may need one round. */
  seatingAttempts?: number;
}

export type BookingErrorCode = 'no_store' | 'date_refused' | 'time_unavailable' | 'invalid_request';

const customer = (correlationId: string, storeId: string | null): CommandContext => ({ correlationId, actor: 'customer', storeId });

export function bookingFlow(deps: BookingFlowDeps) {
  // A popular day sees many choosers at once and each conflict costs one reload, so the ledger
  // gets far more retries than the default: a customer should hear "full", not "try again".
  const seating = commandHandler(seatingLedger, { ...deps, maxAttempts: deps.seatingAttempts ?? 100 });
  const reservations = commandHandler(reservationDecider, deps);

  async function storeId(): Promise<string> {
    const id = await deps.catalog.defaultStoreId();
    if (!id) throw new DomainError<BookingErrorCode>('no_store');
    return id;
  }

  async function ledger(store: string, date: string): Promise<SeatingState> {
    return currentState<SeatingState, SeatingEvent>(deps.eventStore, seatingLedger, seatingStreamId(store, date));
  }

  async function reservation(reservationId: string): Promise<ReservationState> {
    return currentState<ReservationState, ReservationEvent>(deps.eventStore, reservationDecider, reservationStreamId(reservationId));
  }

  /** Refusals of a date for this cart and time, before any seat is looked at. */
  async function refuseDateOrTime(store: string, date: string, time: string, menus: MenuRules[]): Promise<{ refusal: DateRefusal | null; close: number }> {
    const now = deps.clock.now();
    const day = (await deps.catalog.businessDays(store, [date]))[date] ?? { closed: true, openTime: null, closeTime: null };
    const refusal = checkDate({ date, now, day, sameDay: await deps.catalog.sameDaySettings(store), menus });
    if (refusal) return { refusal, close: 0 };
    if (day.closed || !day.openTime || !day.closeTime) throw new DomainError<BookingErrorCode>('time_unavailable');
    const start = minutesOf(time);
    const today = tokyoDateTime(now);
    if (start < minutesOf(day.openTime) || start >= minutesOf(day.closeTime) || (date === today.date && start <= today.minute))
      throw new DomainError<BookingErrorCode>('time_unavailable');
    return { refusal: null, close: minutesOf(day.closeTime) };
  }

  /**
   * allocate-seat: holds seats for the session at the chosen time, replacing the session's
   * earlier hold of that day. Throws DomainError 'seats_full' when nothing fits.
   */
  async function allocateSeat(input: {
    sessionId: string;
    date: string;
    time: string;
    people: number;
    menuIds: readonly string[];
    correlationId: string;
    /** When the browser's reservation session started: the hold ends with the session. */
    sessionStartedAt?: Date | undefined;
  }) {
    const store = await storeId();
    const menus = await deps.catalog.menus(store, input.menuIds);
    const { refusal, close } = await refuseDateOrTime(store, input.date, input.time, menus);
    if (refusal) throw new DomainError<BookingErrorCode>('date_refused', refusal.code, { refusal });
    const now = deps.clock.now();
    const holdId = deps.ids.uuid();
    const expiresAt = holdExpiry(now, input.sessionStartedAt).toISOString();
    const result = await seating(
      seatingStreamId(store, input.date),
      {
        type: 'HoldSeats',
        holdId,
        sessionId: input.sessionId,
        people: input.people,
        startMinute: minutesOf(input.time),
        courseMinutes: courseMinutesOf(menus),
        latestEndMinute: close,
        seats: await deps.catalog.seats(store),
        now: now.toISOString(),
        expiresAt,
      },
      customer(input.correlationId, store),
    );
    const held = result.events.find((e) => e.type === 'SeatsHeld');
    const seatIds = held?.type === 'SeatsHeld' ? held.data.seatIds : [];
    return { holdId, seatIds, expiresAt, position: result.position };
  }

  return {
    storeId,
    ledger,
    reservation,

    allocateSeat,

    /** Gives the session's hold back (the cart emptied). */
    async releaseHold(input: { sessionId: string; date: string; correlationId: string }) {
      const store = await storeId();
      const state = await ledger(store, input.date);
      let position: number | null = null;
      for (const hold of Object.values(state.holds))
        if (hold.sessionId === input.sessionId && hold.reservationId === null)
          position = (
            await seating(
              seatingStreamId(store, input.date),
              { type: 'ReleaseHold', holdId: hold.holdId, reason: 'cart_emptied' },
              customer(input.correlationId, store),
            )
          ).position;
      return { position };
    },

    /**
     * send-confirmation: turns the session's hold into a reservation awaiting confirmation and
     * returns the single-use token for the mail. The token is `{reservationId}.{secret}`: the id
     * finds the stream without an index, the secret (≥128 random bits) proves the mail was read.
     */
    async requestReservation(input: {
      sessionId: string;
      date: string;
      time: string;
      people: number;
      customer: CustomerContact;
      accountId: string | null;
      lines: ReservedLine[];
      detail: ReservationDetail;
      optionsPrice: number;
      correlationId: string;
    }) {
      const store = await storeId();
      const now = deps.clock.now().toISOString();
      const state = await ledger(store, input.date);
      const start = minutesOf(input.time);
      const live = (h: Hold) => h.sessionId === input.sessionId && h.reservationId === null && h.start === start && Date.parse(h.expiresAt) > Date.parse(now);
      let hold: { holdId: string; seatIds: string[] } | undefined = Object.values(state.holds).find(live);
      if (!hold) {
        // The session's hold lapsed (or none was made): try once more to get seats for the time.
        const again = await allocateSeat({ ...input, menuIds: input.lines.map((l) => l.menuId) });
        hold = { holdId: again.holdId, seatIds: again.seatIds };
      }
      const reservationId = deps.ids.uuid();
      const expiresAt = confirmationExpiry(now);
      const context = customer(input.correlationId, store);
      await seating(seatingStreamId(store, input.date), { type: 'ExtendHold', holdId: hold.holdId, reservationId, expiresAt, now }, context);
      const secret = deps.ids.token();
      const request: ReservationRequest = {
        reservationId,
        storeId: store,
        date: input.date,
        time: input.time,
        people: input.people,
        seatIds: hold.seatIds,
        holdId: hold.holdId,
        customer: input.customer,
        accountId: input.accountId,
        lines: input.lines,
        detail: input.detail,
        optionsPrice: input.optionsPrice,
      };
      const result = await reservations(
        reservationStreamId(reservationId),
        { type: 'RequestReservation', request, tokenHash: deps.hashToken(secret), now },
        context,
      );
      return { reservationId, token: `${reservationId}.${secret}`, expiresAt, request, position: result.position };
    },

    /**
     * Opens a confirmation link. Answers the reservation and whether it was already confirmed
     * (the page shows both as confirmed); throws 'token_expired', 'invalid_token' or 'not_found'.
     */
    async confirm(token: string, correlationId: string) {
      const { reservationId, tokenHash } = parseToken(token, deps.hashToken);
      const before = await reservation(reservationId);
      if (before.status === 'confirmed' && before.tokenHash === tokenHash) return { reservation: before.request, alreadyConfirmed: true, position: null };
      // Refuses an expired or wrong link before touching the ledger.
      const now = deps.clock.now().toISOString();
      reservationDecider.decide({ type: 'ConfirmReservation', tokenHash, now }, before);
      if (before.status !== 'awaiting_confirmation') throw new DomainError('invalid_token');
      const { request } = before;
      const context = customer(correlationId, request.storeId);
      try {
        await seating(seatingStreamId(request.storeId, request.date), { type: 'BookHeldSeats', holdId: request.holdId, reservationId, now }, context);
      } catch (error) {
        // The hold and the link expire together; at the boundary the ledger has the last word.
        if (error instanceof DomainError && (error.code === 'hold_expired' || error.code === 'hold_not_found')) throw new DomainError('token_expired');
        throw error;
      }
      const result = await reservations(reservationStreamId(reservationId), { type: 'ConfirmReservation', tokenHash, now }, context);
      return { reservation: request, alreadyConfirmed: false, position: result.position };
    },

    /** Cancels with the reservation id and e-mail (or the link's token); releases the seats first. */
    async cancel(input: {
      reservationId: string;
      proof: { kind: 'email'; email: string } | { kind: 'token'; token: string };
      reason: string;
      correlationId: string;
    }) {
      const proof = input.proof.kind === 'email' ? input.proof : { kind: 'token' as const, tokenHash: parseToken(input.proof.token, deps.hashToken).tokenHash };
      const before = await reservation(input.reservationId);
      const now = deps.clock.now().toISOString();
      const command = { type: 'CancelReservation' as const, proof, reason: input.reason, now };
      reservationDecider.decide(command, before);
      if (before.status === 'empty') throw new DomainError('not_found');
      const { request } = before;
      const context = customer(input.correlationId, request.storeId);
      await seating(
        seatingStreamId(request.storeId, request.date),
        { type: 'ReleaseSeats', reservationId: input.reservationId, reason: 'cancelled_by_customer' },
        context,
      );
      const result = await reservations(reservationStreamId(input.reservationId), command, context);
      return { reservation: request, position: result.position };
    },
  };
}

export type BookingFlow = ReturnType<typeof bookingFlow>;

/**
 * What staff do to a reservation from the schedule: move it to other seats or another time of
 * the same day, or cancel it. Same order as the customer's commands: the day's ledger first
 * (it refuses an overlap or a seat too small), then the reservation stream.
 */
export function staffReservationCommands(deps: BookingFlowDeps) {
  const seating = commandHandler(seatingLedger, { ...deps, maxAttempts: deps.seatingAttempts ?? 100 });
  const reservations = commandHandler(reservationDecider, deps);
  const load = (reservationId: string) =>
    currentState<ReservationState, ReservationEvent>(deps.eventStore, reservationDecider, reservationStreamId(reservationId));

  return {
    /** Moves a confirmed reservation; throws 'over_capacity', 'overlap', 'booking_not_found' or 'not_found'. */
    async move(input: { reservationId: string; seatIds: string[]; time: string; actor: string; correlationId: string }) {
      const state = await load(input.reservationId);
      if (state.status === 'empty') throw new DomainError('not_found');
      const now = deps.clock.now().toISOString();
      const { request } = state;
      const ledger = await currentState<SeatingState, SeatingEvent>(deps.eventStore, seatingLedger, seatingStreamId(request.storeId, request.date));
      const booking = ledger.bookings[input.reservationId];
      if (!booking) throw new DomainError('booking_not_found');
      const start = minutesOf(input.time);
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: request.storeId };
      await seating(
        seatingStreamId(request.storeId, request.date),
        {
          type: 'MoveSeats',
          reservationId: input.reservationId,
          seatIds: input.seatIds,
          startMinute: start,
          endMinute: start + (booking.end - booking.start),
          seats: await deps.catalog.seats(request.storeId),
          now,
        },
        context,
      );
      return reservations(reservationStreamId(input.reservationId), { type: 'MoveReservation', seatIds: input.seatIds, time: input.time, now }, context);
    },

    /** Cancels for the customer (by phone, at the counter); the seats are released at once. */
    async cancel(input: { reservationId: string; reason: string; actor: string; correlationId: string }) {
      const state = await load(input.reservationId);
      const now = deps.clock.now().toISOString();
      const command = { type: 'CancelReservation' as const, proof: { kind: 'staff' as const }, reason: input.reason, now };
      reservationDecider.decide(command, state);
      if (state.status === 'empty') throw new DomainError('not_found');
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: state.request.storeId };
      await seating(
        seatingStreamId(state.request.storeId, state.request.date),
        { type: 'ReleaseSeats', reservationId: input.reservationId, reason: 'cancelled_by_staff' },
        context,
      );
      return reservations(reservationStreamId(input.reservationId), command, context);
    },
  };
}

/** Splits `{reservationId}.{secret}`; a malformed token is an invalid link. */
export function parseToken(token: string, hashToken: (t: string) => string): { reservationId: string; tokenHash: string } {
  const dot = token.indexOf('.');
  const reservationId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot <= 0 || secret.length < 22 || !/^[0-9a-f-]{36}$/i.test(reservationId)) throw new DomainError('invalid_token');
  return { reservationId, tokenHash: hashToken(secret) };
}

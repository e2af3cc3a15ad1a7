import { minutesOf } from '../calendar/dates';
import { commandHandler, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import { unstorableTextIn } from '../text';
import { isBlobId, type BlobStore, type Clock, type EventStore, type Hashing, type IdGenerator, type Logger, type Mailer } from '../ports';
import { courseMinutesOf, type DateRefusal, type MenuRules } from '../seating/availability';
import { toStreamName as ledgerStream } from '../seating/events';
import type { SeatSpec } from '../seating/allocation';
import { seatingLedger, type Hold } from '../seating/decider';
import { seatsHoldParty } from '../seating/capacity';
import { availabilityService, bookingDays, type AvailabilityErrorCode, type StoreClaim } from './availability-service';
import { checkDetail, detailKey, type DetailProblem } from './detail';
import { toStreamName, type CustomerContact, type ReservationDetail, type ReservationRequest } from './events';
import { RESERVATION_IMAGE, reservationOwner, sessionOwner } from './images';
import { claimReservationNumber } from './number';
import type { ReservationCatalog, ReservationMails } from './ports';
import { confirmationExpiry, confirmationLinkExpired, parseToken, reservationDecider, type CancelProof, type ReservationState } from './decider';
import { sendCancelledMail, summarize, type ReservationSummary } from './summary';

/**
 * The customer's booking, from the day screen to the confirmation link and the cancel page: the
 * use cases the reservation calls make (apps/web/app/routes/api/customery-day/…,
 * …/reservation-confirmation/…, …/customer-cancel/…). Written against ports only. What the day
 * screen may offer (dates, times, the date checks) is availability-service.ts, whose calls this
 * service answers too.
 *
 * A command that touches both streams writes the contended one, the seating ledger of the day,
 * first; what a half-done command leaves behind heals by itself (docs/decisions/021):
 * - allocate-seat writes only the ledger (a hold that expires with the reservation session).
 * - send-confirmation extends the session's hold to the link's expiry (ledger), then records the
 *   reservation (its own stream). If the second write fails, the hold simply expires.
 * - confirm decides on the reservation stream, books the held seats (ledger, idempotent), then
 *   appends what it decided with the revision it loaded; if that append fails the link is still
 *   unused, and opening it again finds the seats booked and records the confirmation.
 * - cancel decides, releases the seats (ledger, idempotent), then appends.
 * Each command is decided once: confirm and cancel load the reservation, decide, write the
 * ledger and append what was decided (a conflict starts over from loading).
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

export interface BookingPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  catalog: ReservationCatalog;
  blobs: BlobStore;
  mailer: Mailer;
  mails: ReservationMails;
  logger: Logger;
  /** Conflict retries on a day's ledger; every concurrent chooser of the day may need one round. */
  seatingAttempts?: number;
}

/**
 * `no_store`: no store exists yet. `date_refused`: the spec's date checks refuse the date (details:
 * `refusal`, see `dateRefusalOf`). `time_unavailable`: the store is not open then. `seats_full`.
 * `unknown_course`: a cart line is no reservation course. `invalid_detail`: options missing or
 * wrong (details: `problems`, see `detailProblemsOf`). `invalid_text`: a text the store cannot keep
 * (U+0000, an unpaired surrogate). Plus the seating ledger's hold limits (`session_over`,
 * `session_hold_limit`, `visit_required`, `client_hold_limit`) and the reservation decider's codes.
 */
export type BookingErrorCode = AvailabilityErrorCode | 'seats_full' | 'unknown_course' | 'invalid_detail' | 'invalid_text';

/** The date refusal a `date_refused` error carries. */
export function dateRefusalOf(error: DomainError): DateRefusal | null {
  return error.code === 'date_refused' ? (error.details.refusal as DateRefusal) : null;
}

/** The option problems an `invalid_detail` error carries. */
export function detailProblemsOf(error: DomainError): DetailProblem[] {
  return error.code === 'invalid_detail' ? (error.details.problems as DetailProblem[]) : [];
}

/** A session's choice of a time on the day screen (allocate-seat). */
export interface SeatChoice extends StoreClaim {
  sessionId: string;
  date: string;
  time: string;
  people: number;
  menuIds: readonly string[];
  /** When the browser's reservation session started: the hold ends with the session. */
  sessionStartedAt?: Date | undefined;
  /** A keyed digest of the client's address, for the per-client line (docs/decisions/050); absent for internal callers. */
  client?: string | null;
  /** When this session's visit of the day screen began, when it has a live one (the edge checked its signature). */
  visitStartedAt?: Date | null;
  correlationId: string;
}

const customerContext = (correlationId: string, storeId: string | null): CommandContext => ({ correlationId, actor: 'customer', storeId });

export function bookingService(ports: BookingPorts) {
  // A popular day sees many choosers at once and each conflict costs one reload, so the ledger
  // gets far more retries than the default: a customer should hear "full", not "try again".
  const seating = commandHandler(seatingLedger, { ...ports, maxAttempts: ports.seatingAttempts ?? 100 });
  const reservations = commandHandler(reservationDecider, ports);
  const { catalog } = ports;

  const { storeId, ledger, refuseDateOrTime } = bookingDays(ports);

  /** Holds seats for the session; throws `seats_full` when nothing fits, and the ledger's hold limits. */
  async function hold(input: SeatChoice & { store: string }) {
    const menus = await catalog.menus(input.store, input.menuIds);
    const { close } = await refuseDateOrTime(input.store, input.date, input.time, menus);
    const now = ports.clock.now();
    const holdId = ports.ids.uuid();
    const result = await seating.handle(
      ledgerStream(input.store, input.date),
      {
        type: 'HoldSeats',
        holdId,
        sessionId: input.sessionId,
        people: input.people,
        startMinute: minutesOf(input.time),
        courseMinutes: courseMinutesOf(menus),
        latestEndMinute: close,
        seats: await catalog.seats(input.store),
        now: now.toISOString(),
        expiresAt: holdExpiry(now, input.sessionStartedAt).toISOString(),
        client: input.client ?? null,
        visitStartedAt: input.visitStartedAt?.toISOString() ?? null,
      },
      customerContext(input.correlationId, input.store),
    );
    const held = result.events.find((e) => e.type === 'SeatsHeld');
    if (held?.type !== 'SeatsHeld') throw new DomainError<BookingErrorCode>('seats_full');
    // The ledger may end the hold earlier than asked: with the session's 5 minutes.
    return { holdId, seatIds: held.data.seatIds, people: held.data.people, expiresAt: held.data.expiresAt, position: result.position };
  }

  /**
   * Whether the session's hold is what the request needs: the same party, on seats that seat it,
   * for at least as long as the cart's courses last (customer-site.md §9). A hold made for
   * another party or a shorter course is never turned into this booking: one person's counter seat once became a booking for six.
   */
  function holdFits(held: Hold, people: number, menus: readonly MenuRules[], seats: readonly SeatSpec[]): boolean {
    const heldSeats = held.seatIds.flatMap((id) => seats.find((s) => s.id === id) ?? []);
    const courseMinutes = courseMinutesOf(menus);
    const needed = Math.max(...held.seatIds.map((id) => courseMinutes ?? seats.find((s) => s.id === id)?.holdMinutes ?? Infinity));
    return held.people === people && seatsHoldParty(heldSeats, people) && held.end - held.start >= needed;
  }

  /** Checks the cart against the catalog and prices it: courses from the catalog, never from the browser. */
  async function priced(store: string, cart: readonly { menuId: string; quantity: number }[], detail: ReservationDetail) {
    const menuIds = [...new Set(cart.map((l) => l.menuId))];
    const courses = (await catalog.courses(menuIds)).filter((c) => c.storeId === store && c.reservable);
    if (courses.length !== menuIds.length) throw new DomainError<BookingErrorCode>('unknown_course');
    const { options, dependencies } = await catalog.options(menuIds);
    const checked = checkDetail(options, dependencies, detail);
    if (checked.problems.length) throw new DomainError<BookingErrorCode>('invalid_detail', 'invalid_detail', { problems: checked.problems });
    const lines = cart.map((l) => {
      const course = courses.find((c) => c.menuId === l.menuId)!;
      return { menuId: course.menuId, name: course.name, ...(course.nameEn ? { nameEn: course.nameEn } : {}), price: course.price, quantity: l.quantity };
    });
    const imageKeys = options.filter((o) => o.type === 'image').map((o) => ({ key: detailKey(o.menuId, o.optionId), label: o.label }));
    return { lines, detail: checked.detail, optionsPrice: checked.extraPrice, imageKeys };
  }

  /**
   * Image options hold the id of a picture this session uploaded (POST /api/reservation-images,
   * where the blob store checks it); one the session did not upload counts as missing. Pictures
   * no longer come inline: the call's body cap is far below a picture's (decision 054).
   */
  async function storedPictures(detail: ReservationDetail, imageKeys: readonly { key: string; label: string }[], sessionId: string) {
    const problems: DetailProblem[] = [];
    for (const { key, label } of imageKeys) {
      const value = detail[key];
      if (typeof value !== 'string') continue;
      if (!isBlobId(value) || !(await ports.blobs.owners(value, RESERVATION_IMAGE)).includes(sessionOwner(sessionId))) {
        problems.push({ code: 'image_required', label });
      }
    }
    if (problems.length) throw new DomainError<BookingErrorCode>('invalid_detail', 'invalid_detail', { problems });
    return { detail, imageIds: imageKeys.flatMap(({ key }) => (typeof detail[key] === 'string' ? [detail[key]] : [])) };
  }

  async function load(reservationId: string) {
    return reservations.load(toStreamName(reservationId));
  }

  async function summaryOf(state: ReservationState): Promise<ReservationSummary> {
    if (state.status === 'empty') throw new DomainError('not_found');
    return summarize(catalog, state.request, state.status);
  }

  /** Decides a cancellation once, releases the seats, then appends the decision. */
  async function cancel(reservationId: string, proof: CancelProof, reason: string, correlationId: string) {
    const cancelled = await retryOnConflict(
      async () => {
        const stream = await load(reservationId);
        const events = stream.decide({ type: 'CancelReservation', proof, reason, now: ports.clock.now().toISOString() });
        if (stream.state.status === 'empty') throw new DomainError('not_found');
        const { request } = stream.state;
        const context = customerContext(correlationId, request.storeId);
        await seating.handle(ledgerStream(request.storeId, request.date), { type: 'ReleaseSeats', reservationId, reason: 'cancelled_by_customer' }, context);
        return { ...(await stream.append(events, context)), request };
      },
      { maxAttempts: reservations.maxAttempts, what: toStreamName(reservationId) },
    );
    await sendCancelledMail(ports, await summarize(catalog, cancelled.request, 'cancelled'), correlationId);
    return { events: cancelled.events, revision: cancelled.revision, position: cancelled.position };
  }

  function parseLink(token: string) {
    return parseToken(token, ports.hashing.sha256Hex);
  }

  return {
    ...availabilityService(ports),

    /**
     * allocate-seat: holds seats for the session at the chosen time, replacing the session's
     * earlier hold of that day. Throws `seats_full` when nothing fits, and the date's or time's refusal.
     */
    async allocateSeat(input: SeatChoice) {
      return hold({ ...input, store: await storeId(input.storeId) });
    },

    /** Gives the session's hold of that day back (the cart emptied). */
    async releaseHold(input: { sessionId: string; date: string; correlationId: string } & StoreClaim) {
      const store = await storeId(input.storeId);
      const state = await ledger(store, input.date);
      let position: number | null = null;
      for (const held of Object.values(state.holds))
        if (held.sessionId === input.sessionId && held.reservationId === null)
          position = (
            await seating.handle(
              ledgerStream(store, input.date),
              { type: 'ReleaseHold', holdId: held.holdId, reason: 'cart_emptied' },
              customerContext(input.correlationId, store),
            )
          ).position;
      return { position };
    },

    /**
     * send-confirmation: checks and prices the cart, keeps its pictures, turns the session's hold
     * into a reservation awaiting confirmation, and mails the single-use link. The token is
     * `{reservationId}.{secret}`: the id finds the stream without an index, the secret (≥128 random
     * bits) proves the mail was read; only its hash is recorded.
     */
    async requestReservation(
      input: {
        sessionId: string;
        accountId: string | null;
        customer: CustomerContact;
        /** What the guest wants the store to know (allergies …), decision 282. */
        remarks?: string;
        /** The language the guest books in: their mails and reminder go in it (decision 363). Japanese when absent. */
        language?: 'ja' | 'en';
        date: string;
        time: string;
        people: number;
        cart: readonly { menuId: string; quantity: number }[];
        detail: ReservationDetail;
        client?: string | null;
        visitStartedAt?: Date | null;
        /**
         * Called once the whole request is known to be valid, before anything is written: the edge
         * counts its rate limits here, so a refused request never uses up someone's allowance
         * (decision 052). Throws to refuse.
         */
        admit?: () => Promise<void>;
        correlationId: string;
      } & StoreClaim,
    ) {
      const store = await storeId(input.storeId);
      // The whole command is checked before its first write, so none is half written (decision 054).
      if (unstorableTextIn(input.customer) !== null || unstorableTextIn(input.detail) !== null || unstorableTextIn(input.remarks ?? '') !== null)
        throw new DomainError<BookingErrorCode>('invalid_text');
      const cart = await priced(store, input.cart, input.detail);
      const menuIds = cart.lines.map((l) => l.menuId);
      const menus = await catalog.menus(store, menuIds);
      // Decided again for what is sent now, not for what was held: the cart's deadlines and same-day rules.
      await refuseDateOrTime(store, input.date, input.time, menus);
      const pictures = await storedPictures(cart.detail, cart.imageKeys, input.sessionId);
      await input.admit?.();
      const now = ports.clock.now().toISOString();
      const start = minutesOf(input.time);
      const seats = await catalog.seats(store);
      const live = (h: Hold) => h.sessionId === input.sessionId && h.reservationId === null && h.start === start && Date.parse(h.expiresAt) > Date.parse(now);
      const current = Object.values((await ledger(store, input.date)).holds).find(live);
      // The session's hold fits the request, or it lapsed, was never made, or was made for another
      // party or a shorter course: then the seats are chosen again for this request (the new hold
      // replaces the old), or the request hears the time is full.
      const held = current && holdFits(current, input.people, menus, seats) ? current : await hold({ ...input, store, menuIds });
      const reservationId = ports.ids.uuid();
      const expiresAt = confirmationExpiry(now);
      const context = customerContext(input.correlationId, store);
      await seating.handle(ledgerStream(store, input.date), { type: 'ExtendHold', holdId: held.holdId, reservationId, expiresAt, now }, context);
      const secret = ports.ids.token();
      const reservationNumber = await claimReservationNumber(ports, reservationId, context);
      const request: ReservationRequest = {
        reservationId,
        storeId: store,
        date: input.date,
        time: input.time,
        people: input.people,
        seatIds: held.seatIds,
        holdId: held.holdId,
        customer: input.customer,
        accountId: input.accountId,
        lines: cart.lines,
        detail: pictures.detail,
        optionsPrice: cart.optionsPrice,
        reservationNumber,
        ...(input.remarks ? { remarks: input.remarks } : {}),
        ...(input.language === 'en' ? { language: 'en' as const } : {}),
      };
      const result = await reservations.handle(
        toStreamName(reservationId),
        { type: 'RequestReservation', request, tokenHash: ports.hashing.sha256Hex(secret), now },
        context,
      );
      // The reservation's pictures are now readable by whoever may see the reservation (images.ts).
      for (const id of pictures.imageIds) await ports.blobs.addOwner(id, RESERVATION_IMAGE, reservationOwner(reservationId));
      // The link is recorded (ConfirmationLinkIssued) before the mail carrying it goes out.
      await ports.mailer.send(ports.mails.confirmationRequest(await summarize(catalog, request, 'awaiting_confirmation'), `${reservationId}.${secret}`));
      return { reservationId, expiresAt, position: result.position };
    },

    /** What the confirm page shows for a link, without confirming: 'not_found' for a wrong or unknown one, 'cancelled' for a cancelled reservation's. */
    async viewByLink(token: string): Promise<ReservationSummary> {
      const { reservationId, tokenHash } = parseLink(token);
      const { state } = await load(reservationId);
      if (state.status === 'empty' || state.tokenHash !== tokenHash) throw new DomainError('not_found');
      if (state.status === 'cancelled') throw new DomainError('cancelled');
      // An unconfirmed link past its expiry only says so (docs/security.md, decision 166).
      if (state.status === 'awaiting_confirmation' && confirmationLinkExpired(state.expiresAt, ports.clock.now().toISOString())) {
        throw new DomainError('token_expired');
      }
      return summaryOf(state);
    },

    /**
     * Opens a confirmation link: books the held seats and records the confirmation, then mails the
     * details with the cancel link. A link already used answers the confirmed reservation again
     * (`alreadyConfirmed`); throws 'token_expired', 'invalid_token', 'cancelled' (the reservation
     * of this very link was cancelled since) or 'not_found'.
     */
    async confirm(token: string, correlationId: string) {
      const { reservationId, tokenHash } = parseLink(token);
      const confirmed = await retryOnConflict(
        async () => {
          const stream = await load(reservationId);
          let events;
          try {
            events = stream.decide({ type: 'ConfirmReservation', tokenHash, now: ports.clock.now().toISOString() });
          } catch (error) {
            if (error instanceof DomainError && error.code === 'already_confirmed') return { state: stream.state, alreadyConfirmed: true, position: null };
            throw error;
          }
          if (stream.state.status !== 'awaiting_confirmation') throw new DomainError('invalid_token');
          const { request } = stream.state;
          const context = customerContext(correlationId, request.storeId);
          const now = ports.clock.now().toISOString();
          try {
            await seating.handle(ledgerStream(request.storeId, request.date), { type: 'BookHeldSeats', holdId: request.holdId, reservationId, now }, context);
          } catch (error) {
            // The hold and the link expire together; at the boundary the ledger has the last word.
            if (error instanceof DomainError && (error.code === 'hold_expired' || error.code === 'hold_not_found')) throw new DomainError('token_expired');
            throw error;
          }
          const result = await stream.append(events, context);
          return { state: { ...stream.state, status: 'confirmed' as const }, alreadyConfirmed: false, position: result.position };
        },
        { maxAttempts: reservations.maxAttempts, what: toStreamName(reservationId) },
      );
      const summary = await summaryOf(confirmed.state);
      if (!confirmed.alreadyConfirmed) {
        // The booking stands whatever the mail does: a failed mail is logged, not answered.
        await ports.mailer.send(ports.mails.confirmed(summary)).catch((err: unknown) => ports.logger.error({ err, correlationId }, 'confirmed mail failed'));
      }
      return { summary, alreadyConfirmed: confirmed.alreadyConfirmed, position: confirmed.position };
    },

    /** The cancel page's lookup: the reservation for this id and e-mail, or 'not_found' (a wrong e-mail answers exactly like an unknown id). */
    async findForCancel(input: { reservationId: string; email: string }): Promise<ReservationSummary> {
      const { state } = await load(input.reservationId);
      if (state.status === 'empty' || state.request.customer.email.toLowerCase() !== input.email.toLowerCase()) throw new DomainError('not_found');
      return summaryOf(state);
    },

    /** Cancels with the reservation id and e-mail (the mail's cancel link); the seats are released at once. */
    cancelByEmail(input: { reservationId: string; email: string; reason: string; correlationId: string }) {
      return cancel(input.reservationId, { kind: 'email', email: input.email }, input.reason, input.correlationId);
    },

    /** Cancels with the confirmation link's token (the confirmed card on the confirm page). */
    cancelByLink(input: { token: string; reason: string; correlationId: string }) {
      const { reservationId, tokenHash } = parseLink(input.token);
      return cancel(reservationId, { kind: 'token', tokenHash }, input.reason, input.correlationId);
    },
  };
}

export type BookingService = ReturnType<typeof bookingService>;

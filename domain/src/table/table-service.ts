import { timeOf, tokyoDateTime } from '../calendar/dates';
import { commandHandler, foldStream, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import { orderDecider } from '../order/decider';
import { toStreamName as reservationStream } from '../reservation/events';
import { parseToken, reservationDecider, type ReservationCommand } from '../reservation/decider';
import type { JoinProof } from '../reservation/visit';
import { toStreamName as ledgerStream } from '../seating/events';
import { seatingLedger, type SeatingState } from '../seating/decider';
import type { ReportedPosition } from './geofence';
import type { TableErrorCode, TablePorts, TableSeat } from './ports';
import { checkoutCalls } from './checkout-service';
import { currentBooking, END_OF_DAY, isOpenAt, lostWalkIn, nextBookingStart } from './seat-now';
import { authorizeVisit, tableAccess, type TableAuth } from './visit-access';

export type { TableErrorCode, TablePorts } from './ports';

const refuse = (code: TableErrorCode, details: Record<string, unknown> = {}) => new DomainError<TableErrorCode>(code, code, details);

/** How long a one-time pass (staff seating's QR, a guest's invite) stays usable (decisions 151, 152). */
export const PASS_MINUTES = 10;

export interface IssuedToken {
  reservationId: string;
  storeId: string;
  seatId: string;
  seatName: string;
  /** `{reservationId}.{secret}`: the secret is ≥128 random bits and only its hash is recorded. */
  token: string;
  /** Null: until checkout; else the end of the waiver it was issued under. */
  validUntil: string | null;
  position: number | null;
  /** The party's size, where the caller does not know it (a pass staff or a friend handed over). */
  people?: number;
}

/**
 * The guest at the table (operations.md §2 "Customer order page", §6, decision 060): QR check-in
 * at a seat, the table-order token, its renewal, staff's location waiver, the bill and checkout
 * (checkout-service.ts). Built on the reservation's visit (decision 038) and the day's seating
 * ledger; who is at a seat now is seat-now.ts, what a token opens is visit-access.ts.
 *
 * Streams, the contended one first (ARCHITECTURE.md):
 * - A walk-in books the seat on the day's ledger (`BookSeatsAt`), then starts its reservation
 *   (`SeatWalkIn`). If the second write is lost, the ledger holds a booking whose reservation
 *   stream is empty: the next scan at that seat finds it and finishes the walk-in with the
 *   booking's own id and party, so it heals at the table.
 * - Joining a booking (`RecordArrival`) and a new token (`IssueVisitToken`) write the reservation only.
 * - Checkout decides on the reservation, ends the booking on the ledger (idempotent, frees the
 *   seat for the rest of the day), then appends; a conflict starts over, so a lost append leaves
 *   the seat free and the reservation open, and the next checkout completes it.
 */
export function tableService(ports: TablePorts) {
  const seating = commandHandler(seatingLedger, { ...ports, maxAttempts: ports.seatingAttempts ?? 100 });
  const reservations = commandHandler(reservationDecider, ports);
  const orders = commandHandler(orderDecider, ports);
  const { catalog } = ports;
  const attempts = (what: string) => ({ maxAttempts: reservations.maxAttempts, what });

  async function seatOf(seatId: string): Promise<TableSeat> {
    return (await catalog.seat(seatId)) ?? throwError(refuse('unknown_seat'));
  }

  async function ledger(storeId: string, date: string): Promise<SeatingState> {
    return foldStream(seatingLedger, await ports.eventStore.readStream(ledgerStream(storeId, date)));
  }

  /**
   * The day's ledger and the minute to judge it at, the clock read AFTER the ledger: a checkout the
   * ledger shows ended its booking at a minute no later than this one, so a party that has just
   * paid never holds the seat against the next (decision 199). `minute` is the request's
   * own, kept when the day turned meanwhile.
   */
  async function ledgerNow(storeId: string, date: string, minute: number): Promise<{ day: SeatingState; minute: number }> {
    const day = await ledger(storeId, date);
    const later = tokyoDateTime(ports.clock.now());
    return { day, minute: later.date === date ? Math.max(minute, later.minute) : minute };
  }

  /** What a phone is told after a check-in or renewal: where it is and the token that proves it. */
  function issued(reservationId: string, seat: TableSeat, token: string, pass: { validUntil: string | null }, position: number | null): IssuedToken {
    return { reservationId, storeId: seat.storeId, seatId: seat.id, seatName: seat.name, token, ...pass, position };
  }

  function newToken(reservationId: string) {
    const secret = ports.ids.token();
    return { token: `${reservationId}.${secret}`, tokenHash: ports.hashing.sha256Hex(secret) };
  }

  /** A one-time pass `{reservationId}.{secret}` (the token's shape), valid for PASS_MINUTES from `now`. */
  function newPass(reservationId: string, now: string) {
    const secret = ports.ids.token();
    const expiresAt = new Date(Date.parse(now) + PASS_MINUTES * 60_000).toISOString();
    return { pass: `${reservationId}.${secret}`, grant: { passHash: ports.hashing.sha256Hex(secret), expiresAt } };
  }

  /**
   * A walk-in at the seat from now for its hold time, booked on the day's ledger first (the
   * contended stream); `onOverlap` is what a party seated there a moment ago becomes. Answers the
   * walk-in its reservation starts with.
   */
  async function bookWalkIn(
    seat: TableSeat,
    people: number,
    /** `endBy`: the minute the party must leave by (staff seated it before the seat's next booking, decision 674). */
    at: { date: string; minute: number; now: string; endBy?: number },
    context: CommandContext,
    onOverlap: () => Error,
  ) {
    const reservationId = ports.ids.uuid();
    try {
      await seating.handle(
        ledgerStream(seat.storeId, at.date),
        {
          type: 'BookSeatsAt',
          reservationId,
          seatIds: [seat.id],
          people,
          startMinute: at.minute,
          endMinute: Math.min(at.minute + seat.holdMinutes, END_OF_DAY, at.endBy ?? END_OF_DAY),
          seats: await catalog.seats(seat.storeId),
          now: at.now,
        },
        context,
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'overlap') throw onOverlap();
      throw error;
    }
    return { reservationId, storeId: seat.storeId, date: at.date, time: timeOf(at.minute), people, seatIds: [seat.id], seatName: seat.name };
  }

  const { checkInMode, atTheTable, locationPass, verdictFor } = tableAccess(ports);

  const authorize = (reservationId: string, auth: TableAuth) => authorizeVisit(reservations, ports, reservationId, auth);

  return {
    /** How the store's guests are seated: `self` (the seat's QR, the spec's way) or `staff` only (decision 151). */
    checkInMode,

    /**
     * QR check-in (POST /api/orders/qr-checkin): joins the booking at the seat now
     * (`isExisting`, the customer's arrival) or seats a walk-in there from now for the seat's
     * hold time. Staff (signed in) skip the hours and location steps.
     */
    async checkIn(input: {
      seatId: string;
      people: number;
      position: ReportedPosition | null;
      staff: string | null;
      /** The code the seat's printed QR carries (decision 150); staff need none. */
      seatCode: string | null;
      /** The booking's reservation number, when the guest typed it (decision 152). */
      reservationNumber: string | null;
      correlationId: string;
    }) {
      const seat = await seatOf(input.seatId);
      await atTheTable(seat, input.seatCode, input.staff);
      const instant = ports.clock.now();
      const now = instant.toISOString();
      const { date, minute: requested } = tokyoDateTime(instant);
      if (!input.staff && !isOpenAt(await catalog.businessDay(seat.storeId, date), requested)) throw refuse('store_closed');
      const verdict = await verdictFor(seat, input.position, input.staff);
      const context: CommandContext = { correlationId: input.correlationId, actor: input.staff ?? 'customer', storeId: seat.storeId };

      const attempt = async (): Promise<IssuedToken & { isExisting: boolean }> => {
        const { day, minute } = await ledgerNow(seat.storeId, date, requested);
        const booking = currentBooking(day, seat.id, minute);
        if (booking) {
          const stream = await reservations.load(reservationStream(booking.reservationId));
          const { token, tokenHash } = newToken(booking.reservationId);
          if (stream.state.status === 'empty') {
            // A walk-in whose reservation was never recorded (decision 060): finish it.
            const pass = locationPass(verdict, null, now);
            const walkIn = lostWalkIn(booking, seat, date);
            const result = await stream.append(stream.decide({ type: 'SeatWalkIn', walkIn, tokenHash, ...pass, now }), context);
            return { ...issued(booking.reservationId, seat, token, pass, result.position), isExisting: false };
          }
          const pass = locationPass(verdict, stream.state, now);
          const proof: JoinProof = input.staff
            ? { kind: 'staff' }
            : input.reservationNumber
              ? { kind: 'number', number: input.reservationNumber }
              : { kind: 'none' };
          const events = stream.decide({ type: 'RecordArrival', seatId: seat.id, people: input.people, seatName: seat.name, proof, tokenHash, ...pass, now });
          const result = await stream.append(events, context);
          return { ...issued(booking.reservationId, seat, token, pass, result.position), isExisting: true };
        }
        const pass = locationPass(verdict, null, now);
        // Another phone seated a party here a moment ago (an overlap): the next attempt joins it.
        const walkIn = await bookWalkIn(seat, input.people, { date, minute, now }, context, () => new SeatRace());
        const { reservationId } = walkIn;
        const stream = await reservations.load(reservationStream(reservationId));
        const { token, tokenHash } = newToken(reservationId);
        const result = await stream.append(stream.decide({ type: 'SeatWalkIn', walkIn, tokenHash, ...pass, now }), context);
        return { ...issued(reservationId, seat, token, pass, result.position), isExisting: false };
      };

      for (let round = 1; ; round++) {
        try {
          return await retryOnConflict(attempt, attempts(`check-in ${seat.id}`));
        } catch (error) {
          if (!(error instanceof SeatRace)) throw error;
          // The seat is taken by a booking that is not "now" (a reservation soon after), or the race repeats.
          if (round >= 2) throw refuse('seat_taken');
          const { day, minute } = await ledgerNow(seat.storeId, date, requested);
          if (!currentBooking(day, seat.id, minute)) throw refuse('seat_taken');
        }
      }
    },

    /**
     * A new token for the phone's current one (POST /api/qr-token, decision 153): the renewal when
     * an order was refused. The phone shows the seat's code and its token (even one ended with a
     * waiver); the new token replaces it, a few times an hour at most. Same location rule as check-in.
     */
    async renewToken(input: {
      seatId: string;
      seatCode: string | null;
      token: string;
      position: ReportedPosition | null;
      correlationId: string;
    }): Promise<IssuedToken> {
      const seat = await seatOf(input.seatId);
      await ports.seatCodes.verify(seat.id, input.seatCode);
      const { reservationId, tokenHash: replaces } = parseToken(input.token, ports.hashing.sha256Hex);
      const verdict = await verdictFor(seat, input.position, null);
      return retryOnConflict(
        async () => {
          const now = ports.clock.now().toISOString();
          const stream = await reservations.load(reservationStream(reservationId));
          if (stream.state.status === 'empty') throw refuse('no_visit');
          const pass = locationPass(verdict, stream.state, now);
          const { token, tokenHash } = newToken(reservationId);
          const context: CommandContext = { correlationId: input.correlationId, actor: 'customer', storeId: seat.storeId };
          const result = await stream.append(stream.decide({ type: 'IssueVisitToken', seatId: seat.id, replaces, tokenHash, ...pass, now }), context);
          return issued(reservationId, seat, token, pass, result.position);
        },
        attempts(`token ${seat.id}`),
      );
    },

    /**
     * A phone in the visit invites a friend's phone (POST /api/orders/invite, decision 152): a
     * one-time pass for the token's seat, valid PASS_MINUTES.
     */
    async invite(input: { token: string; correlationId: string }) {
      const { reservationId } = parseToken(input.token, ports.hashing.sha256Hex);
      return retryOnConflict(
        async () => {
          const { stream, seatId } = await authorize(reservationId, { kind: 'token', token: input.token });
          const now = ports.clock.now().toISOString();
          const { pass, grant } = newPass(reservationId, now);
          const storeId = stream.state.status === 'empty' ? null : stream.state.request.storeId;
          const context: CommandContext = { correlationId: input.correlationId, actor: 'customer', storeId };
          const result = await stream.append(stream.decide({ type: 'IssueVisitPass', seatId: seatId!, pass: grant, now }), context);
          return { pass, expiresAt: grant.expiresAt, position: result.position };
        },
        attempts(reservationStream(reservationId)),
      );
    },

    /**
     * A phone uses a one-time pass (staff seating's QR or a friend's invite): a token at the pass's
     * seat, with no seat code and no location step; the pass opens nothing again.
     */
    async joinWithPass(input: { pass: string; correlationId: string }): Promise<IssuedToken> {
      let reservationId: string;
      let passHash: string;
      try {
        ({ reservationId, tokenHash: passHash } = parseToken(input.pass, ports.hashing.sha256Hex));
      } catch {
        throw new DomainError('pass_invalid');
      }
      return retryOnConflict(
        async () => {
          const now = ports.clock.now().toISOString();
          const stream = await reservations.load(reservationStream(reservationId));
          const { token, tokenHash } = newToken(reservationId);
          const events = stream.decide({ type: 'JoinWithPass', passHash, tokenHash, now });
          if (stream.state.status === 'empty') throw new DomainError('pass_invalid');
          const issuedEvent = events.find((e) => e.type === 'VisitTokenIssued');
          const seat = await seatOf(issuedEvent?.type === 'VisitTokenIssued' ? issuedEvent.data.seatId : '');
          const context: CommandContext = { correlationId: input.correlationId, actor: 'customer', storeId: stream.state.request.storeId };
          const result = await stream.append(events, context);
          return { ...issued(reservationId, seat, token, { validUntil: null }, result.position), people: stream.state.request.people };
        },
        attempts(reservationStream(reservationId)),
      );
    },

    /**
     * Staff seat a party at a seat (the floor screen, decision 151): the booking at the seat now
     * (its arrival), or a walk-in of `people` from now for the seat's hold time. Answers a one-time
     * pass for the tablet's QR, valid PASS_MINUTES.
     */
    async seatParty(input: { seatId: string; people: number; actor: string; correlationId: string; untilNextBooking?: boolean }) {
      const seat = await seatOf(input.seatId);
      const instant = ports.clock.now();
      const now = instant.toISOString();
      const { date, minute: requested } = tokyoDateTime(instant);
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: seat.storeId };
      const attempt = async () => {
        const { day, minute } = await ledgerNow(seat.storeId, date, requested);
        const booking = currentBooking(day, seat.id, minute);
        if (booking) {
          const stream = await reservations.load(reservationStream(booking.reservationId));
          const { pass, grant } = newPass(booking.reservationId, now);
          const command: ReservationCommand =
            stream.state.status === 'empty'
              ? {
                  type: 'SeatWalkInByStaff',
                  walkIn: lostWalkIn(booking, seat, date),
                  pass: grant,
                  now,
                }
              : { type: 'SeatBookedParty', seatId: seat.id, people: input.people, seatName: seat.name, pass: grant, now };
          const result = await stream.append(stream.decide(command), context);
          return {
            reservationId: booking.reservationId,
            seatName: seat.name,
            pass,
            expiresAt: grant.expiresAt,
            isExisting: stream.state.status !== 'empty',
            position: result.position,
          };
        }
        // Staff who were told of the seat's next booking and seated the party anyway (decision 674): it stays until then.
        const endBy = input.untilNextBooking ? nextBookingStart(day, seat.id, minute) : undefined;
        const walkIn = await bookWalkIn(seat, input.people, { date, minute, now, endBy }, context, () => refuse('seat_taken'));
        const { reservationId } = walkIn;
        const stream = await reservations.load(reservationStream(reservationId));
        const { pass, grant } = newPass(reservationId, now);
        const result = await stream.append(stream.decide({ type: 'SeatWalkInByStaff', walkIn, pass: grant, now }), context);
        return { reservationId, seatName: seat.name, pass, expiresAt: grant.expiresAt, isExisting: false, position: result.position };
      };
      return retryOnConflict(attempt, attempts(`seat party ${seat.id}`));
    },

    /**
     * The store's seats as the floor sees them now (/monitor/order, /monitor/checkout): for each,
     * the reservation at it now (from the day's ledger, the authority on who holds a seat) and its party.
     */
    async floor(storeId: string) {
      const instant = ports.clock.now();
      const { date, minute } = tokyoDateTime(instant);
      const [seats, day] = await Promise.all([catalog.seats(storeId), ledger(storeId, date)]);
      return Promise.all(
        seats.map(async (seat) => {
          const booking = currentBooking(day, seat.id, minute);
          const state = booking ? (await reservations.load(reservationStream(booking.reservationId))).state : null;
          const visiting = state && state.status === 'confirmed' && state.visit.exitedAt === null ? state : null;
          return {
            seatId: seat.id,
            seatName: seat.name,
            maxPeople: seat.maxPeople,
            reservationId: visiting ? booking!.reservationId : null,
            people: visiting ? visiting.request.people : null,
            seatedAt: visiting ? visiting.visit.seatedAt : null,
            startTime: booking ? timeOf(booking.start) : null,
            /** The parties merged into this one (decision 370), latest last: the floor offers to undo the last. */
            merged: visiting ? visiting.visit.merged.map((m) => ({ reservationId: m.reservationId, seatIds: m.seatIds, people: m.people })) : [],
          };
        }),
      );
    },

    /** What a token opens: its reservation, seat and store; `invalid_token` when it is unknown or dead. */
    async verifyToken(token: string) {
      const { reservationId } = parseToken(token, ports.hashing.sha256Hex);
      const { stream, seatId } = await authorize(reservationId, { kind: 'token', token });
      const storeId = stream.state.status === 'empty' ? '' : stream.state.request.storeId;
      return { reservationId, seatId: seatId!, storeId };
    },

    /**
     * Staff let a reservation's guests skip the location step for `minutes` (POST
     * /api/admin/reservations/{id}/grant-token): check-in, renewal and the tokens they give
     * work without a position until then.
     */
    async grantWithoutLocation(input: { reservationId: string; minutes: number; actor: string; correlationId: string }) {
      const stream = await reservations.load(reservationStream(input.reservationId));
      const storeId = stream.state.status === 'empty' ? null : stream.state.request.storeId;
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId };
      const result = await reservations.handle(
        reservationStream(input.reservationId),
        { type: 'WaiveLocationCheck', minutes: input.minutes, now: ports.clock.now().toISOString() },
        context,
      );
      const waived = result.events.find((e) => e.type === 'LocationCheckWaived');
      return { until: waived?.type === 'LocationCheckWaived' ? waived.data.until : null, position: result.position };
    },

    ...checkoutCalls(ports, { seating, reservations, orders, authorize }),
  };
}

export type TableService = ReturnType<typeof tableService>;

/** The seat was taken between reading the ledger and booking it. */
class SeatRace extends Error {}

function throwError(error: Error): never {
  throw error;
}

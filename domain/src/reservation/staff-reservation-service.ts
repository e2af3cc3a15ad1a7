import equal from 'fast-deep-equal';
import type { Role } from '../account/events';
import { minutesOf, tokyoDateTime } from '../calendar/dates';
import { commandHandler, currentState, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator, Logger, Mailer } from '../ports';
import { toStreamName as ledgerStream } from '../seating/events';
import { seatingLedger } from '../seating/decider';
import { toStreamName, type FloorStatus } from './events';
import { reservationHistory } from './history';
import { scheduleWindow, SCHEDULE_STEP_MINUTES } from './schedule';
import type { ReservationCatalog, ReservationMails } from './ports';
import { sendCancelledMail, summarize } from './summary';
import { reservationDecider, decide as decideReservation, evolve as evolveReservation, initialState, type ReservationCommand } from './decider';
import { SCHEDULE_DEFAULT_HOLD_MINUTES } from './schedule';

/**
 * What staff do to a reservation from the schedule: move it to other seats or another time of
 * the same day, or cancel it for the customer. Same order as the customer's commands: decided
 * once on the reservation stream, then the day's ledger (which refuses an overlap or a seat too
 * small), then the decision appended with the revision it was made on.
 */
export interface StaffPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  /** Seats for a move; the rest words the cancellation mail. */
  catalog: ReservationCatalog;
  mailer: Mailer;
  mails: ReservationMails;
  logger: Logger;
  seatingAttempts?: number;
}

export function staffReservationService(ports: StaffPorts) {
  const seating = commandHandler(seatingLedger, { ...ports, maxAttempts: ports.seatingAttempts ?? 100 });
  const reservations = commandHandler(reservationDecider, ports);
  const attempts = (reservationId: string) => ({ maxAttempts: reservations.maxAttempts, what: toStreamName(reservationId) });

  type Act = { reservationId: string; actor: string; correlationId: string };

  /** Decides a command on the reservation alone and appends it, as the staff member who acts. */
  function record(input: Act, command: (now: string) => ReservationCommand) {
    return retryOnConflict(async () => {
      const stream = await reservations.load(toStreamName(input.reservationId));
      const events = stream.decide(command(ports.clock.now().toISOString()));
      const storeId = stream.state.status === 'empty' ? null : stream.state.request.storeId;
      return stream.append(events, { correlationId: input.correlationId, actor: input.actor, storeId });
    }, attempts(input.reservationId));
  }

  /**
   * Ends a visit (checkout, no-show): decided on the reservation first, then its booking ends on
   * the day's ledger from now (the seat free for the rest of the day), then the decision is appended.
   */
  function endVisit(input: Act, command: (now: string) => ReservationCommand) {
    return retryOnConflict(async () => {
      const stream = await reservations.load(toStreamName(input.reservationId));
      const instant = ports.clock.now();
      const events = stream.decide(command(instant.toISOString()));
      if (stream.state.status === 'empty') throw new DomainError('not_found');
      const { request } = stream.state;
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: request.storeId };
      const today = tokyoDateTime(instant);
      const endMinute = today.date === request.date ? today.minute : today.date > request.date ? 24 * 60 : 0;
      await seating.handle(ledgerStream(request.storeId, request.date), { type: 'EndBooking', reservationId: input.reservationId, endMinute }, context);
      return stream.append(events, context);
    }, attempts(input.reservationId));
  }

  const service = {
    /**
     * Moves a reservation within its day or to another, optionally with a new party size; throws 'over_capacity',
     * 'overlap', 'unknown_seat', 'booking_not_found', 'not_cancellable', 'not_found',
     * 'off_step' (not on the schedule's 5-minute steps), 'outside_hours' (not within the day's
     * open hours) or 'course_fixed' (the course or its options sent back changed: the customer's
     * order is theirs, decision 110).
     */
    move(input: {
      reservationId: string;
      seatIds: string[];
      time: string;
      people?: number;
      /** Another day: booked on that day's ledger first, then released from the old one (decision 110). */
      date?: string;
      expected?: { seatIds: readonly string[]; time: string };
      /** The course and options as the screen sends them back (absent: not sent); any change is refused. */
      course?: { menuId?: string | null; detail?: unknown };
      actor: string;
      correlationId: string;
    }) {
      return retryOnConflict(async () => {
        const stream = await reservations.load(toStreamName(input.reservationId));
        if (stream.state.status !== 'empty' && input.course) {
          const { request } = stream.state;
          const menuChanged = input.course.menuId !== undefined && input.course.menuId !== (request.lines[0]?.menuId ?? null);
          // Compared as values: the screen's copy went through the read model's jsonb, which orders keys its own way.
          const detailChanged = input.course.detail !== undefined && !equal(input.course.detail, request.detail);
          if (menuChanged || detailChanged) throw new DomainError('course_fixed');
        }
        const now = ports.clock.now().toISOString();
        const events = stream.decide({
          type: 'MoveReservation',
          seatIds: input.seatIds,
          time: input.time,
          people: input.people,
          date: input.date,
          expected: input.expected,
          now,
        });
        if (stream.state.status === 'empty') throw new DomainError('not_found');
        const { request } = stream.state;
        const date = input.date ?? request.date;
        const oldLedger = ledgerStream(request.storeId, request.date);
        const newLedger = ledgerStream(request.storeId, date);
        const day = await currentState(ports.eventStore, seatingLedger, oldLedger);
        const booking = day.bookings[input.reservationId];
        const target = date === request.date ? null : await currentState(ports.eventStore, seatingLedger, newLedger);
        // A half-done move to another day (booked there, not yet recorded here) carries on.
        const booked = booking ?? target?.bookings[input.reservationId];
        if (!booked) throw new DomainError('booking_not_found');
        const start = minutesOf(input.time);
        if (start % SCHEDULE_STEP_MINUTES !== 0) throw new DomainError('off_step');
        const hours = (await ports.catalog.businessDays(request.storeId, [date]))[date];
        const window = scheduleWindow(hours ?? null);
        const length = booked.end - booked.start;
        if (start < window.open || start + length > window.close) throw new DomainError('outside_hours');
        const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: request.storeId };
        const seats = await ports.catalog.seats(request.storeId);
        if (date === request.date) {
          await seating.handle(
            oldLedger,
            {
              type: 'MoveSeats',
              reservationId: input.reservationId,
              seatIds: input.seatIds,
              startMinute: start,
              endMinute: start + length,
              ...(input.people !== undefined ? { people: input.people } : {}),
              // The ledger checks the booking is where this decision saw it, so a racing mover cannot leave the two streams apart.
              expected: { seatIds: request.seatIds, startMinute: minutesOf(request.time) },
              seats,
              now,
            },
            context,
          );
        } else {
          // The contended write first: the new day's ledger books the seats (idempotent), then the old day lets them go.
          await seating.handle(
            newLedger,
            {
              type: 'BookSeatsAt',
              reservationId: input.reservationId,
              seatIds: input.seatIds,
              people: input.people ?? request.people,
              startMinute: start,
              endMinute: start + length,
              seats,
              now,
            },
            context,
          );
          await seating.handle(oldLedger, { type: 'ReleaseSeats', reservationId: input.reservationId, reason: 'moved_to_another_day' }, context);
        }
        return stream.append(events, context);
      }, attempts(input.reservationId));
    },

    /**
     * The status the admin picks in the schedule's detail (spec: admin may set any): `cancelled`
     * cancels (seats freed, the customer mailed), `exited` checks the guests out without a
     * payment here (the seat is free from now), any other value (or null, unset) is a label.
     * Throws 'admin_only' for anyone but an admin.
     */
    async setStatus(input: { reservationId: string; status: FloorStatus | null; actor: string; actorRoles: readonly Role[]; correlationId: string }) {
      // Spec §2: the status is the admin's to set; a monitor moves blocks only.
      if (!input.actorRoles.includes('admin')) throw new DomainError('admin_only');
      if (input.status === 'cancelled') return service.cancel({ ...input, reason: '' });
      if (input.status === 'exited') return service.checkOutWithoutPayment(input);
      if (input.status === 'no_show') return service.markNoShow(input);
      const to = input.status;
      return record(input, (now) => ({ type: 'ChangeStatus', to, now }));
    },

    /** The guests are gone and paid elsewhere (or not at all): `exited` now, the seat free for the rest of the day. */
    checkOutWithoutPayment(input: Act) {
      return endVisit(input, (now) => ({ type: 'CheckOut', payment: null, now }));
    },

    /**
     * The booked party never came (decision 156, monitor or admin from the schedule's detail):
     * `no_show`, its tokens dead, and its seat free from now on the day's ledger (at once when
     * marked before its end). Refused `not_started` before the booked time, `already_seated` for
     * a party at the table, `visit_ended` after checkout, cancellation or an earlier no-show.
     */
    markNoShow(input: Act) {
      return endVisit(input, (now) => ({ type: 'MarkNoShow', now }));
    },

    /**
     * An admin takes a no-show back, saying why (decision 156): the status it had before returns.
     * The seat is not taken back (a walk-in may sit there now); staff seat the party if it comes.
     */
    revertNoShow(input: { reservationId: string; reason: string; actor: string; actorRoles: readonly Role[]; correlationId: string }) {
      if (!input.actorRoles.includes('admin')) throw new DomainError('admin_only');
      return record(input, (now) => ({ type: 'RevertNoShow', reason: input.reason, now }));
    },

    /**
     * A reservation staff take by phone or at the counter (and the demo's): booked on the named
     * seats at once (the ledger refuses seats too small or taken, live holds included) and
     * confirmed at once, since staff heard the customer. It has no confirmation link: its token
     * hash is no SHA-256 of anything, so no link ever opens it. Lasts the seats' hold time.
     */
    async bookByPhone(input: {
      storeId: string;
      date: string;
      time: string;
      people: number;
      seatIds: string[];
      customer: { name: string; email: string; phone: string };
      actor: string;
      correlationId: string;
    }) {
      const reservationId = ports.ids.uuid();
      const now = ports.clock.now().toISOString();
      const seats = await ports.catalog.seats(input.storeId);
      const hold = Math.max(...input.seatIds.map((id) => seats.find((s) => s.id === id)?.holdMinutes || SCHEDULE_DEFAULT_HOLD_MINUTES));
      const start = minutesOf(input.time);
      if (start % SCHEDULE_STEP_MINUTES !== 0) throw new DomainError('off_step');
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: input.storeId };
      await seating.handle(
        ledgerStream(input.storeId, input.date),
        { type: 'BookSeatsAt', reservationId, seatIds: input.seatIds, people: input.people, startMinute: start, endMinute: start + hold, seats, now },
        context,
      );
      const tokenHash = `staff-booking:${reservationId}`;
      const request = {
        reservationId,
        storeId: input.storeId,
        date: input.date,
        time: input.time,
        people: input.people,
        seatIds: input.seatIds,
        holdId: '',
        customer: input.customer,
        accountId: null,
        lines: [],
        detail: {},
        optionsPrice: 0,
        reservationNumber: null,
      };
      const requested = decideReservation({ type: 'RequestReservation', request, tokenHash, now }, initialState());
      const confirmed = decideReservation({ type: 'ConfirmReservation', tokenHash, now }, requested.reduce(evolveReservation, initialState()));
      const stream = await reservations.load(toStreamName(reservationId));
      const result = await stream.append([...requested, ...confirmed], context);
      return { reservationId, position: result.position };
    },

    /** Everything that happened to the reservation, who did it and when (the schedule's detail modal); null for an unknown id. */
    async history(reservationId: string) {
      const recorded = await ports.eventStore.readStream(toStreamName(reservationId));
      return recorded.length === 0 ? null : reservationHistory(recorded);
    },

    /** Cancels for the customer (by phone, at the counter); the seats are released at once and the customer gets the cancellation mail. */
    async cancel(input: { reservationId: string; reason: string; actor: string; correlationId: string }) {
      const cancelled = await retryOnConflict(async () => {
        const stream = await reservations.load(toStreamName(input.reservationId));
        const now = ports.clock.now().toISOString();
        const events = stream.decide({ type: 'CancelReservation', proof: { kind: 'staff' }, reason: input.reason, now });
        if (stream.state.status === 'empty') throw new DomainError('not_found');
        const { request } = stream.state;
        const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: request.storeId };
        await seating.handle(
          ledgerStream(request.storeId, request.date),
          { type: 'ReleaseSeats', reservationId: input.reservationId, reason: 'cancelled_by_staff' },
          context,
        );
        return { ...(await stream.append(events, context)), request };
      }, attempts(input.reservationId));
      // A walk-in left no address to write to.
      if (cancelled.request.customer.email) await sendCancelledMail(ports, await summarize(ports.catalog, cancelled.request, 'cancelled'), input.correlationId);
      return { events: cancelled.events, revision: cancelled.revision, position: cancelled.position };
    },
  };
  return service;
}

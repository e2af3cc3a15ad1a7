import { minutesOf } from '../calendar/dates';
import { commandHandler, currentState, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator, Logger, Mailer } from '../ports';
import { toStreamName as ledgerStream } from '../seating/events';
import { seatingLedger } from '../seating/ledger';
import { toStreamName } from './events';
import type { ReservationCatalog, ReservationMails } from './ports';
import { sendCancelledMail, summarize } from './summary';
import { reservationDecider } from './reservation';

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

  return {
    /** Moves a reservation; throws 'over_capacity', 'overlap', 'unknown_seat', 'booking_not_found', 'not_cancellable' or 'not_found'. */
    move(input: { reservationId: string; seatIds: string[]; time: string; actor: string; correlationId: string }) {
      return retryOnConflict(async () => {
        const stream = await reservations.load(toStreamName(input.reservationId));
        const now = ports.clock.now().toISOString();
        const events = stream.decide({ type: 'MoveReservation', seatIds: input.seatIds, time: input.time, now });
        if (stream.state.status === 'empty') throw new DomainError('not_found');
        const { request } = stream.state;
        const day = await currentState(ports.eventStore, seatingLedger, ledgerStream(request.storeId, request.date));
        const booking = day.bookings[input.reservationId];
        if (!booking) throw new DomainError('booking_not_found');
        const start = minutesOf(input.time);
        const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: request.storeId };
        await seating.handle(
          ledgerStream(request.storeId, request.date),
          {
            type: 'MoveSeats',
            reservationId: input.reservationId,
            seatIds: input.seatIds,
            startMinute: start,
            endMinute: start + (booking.end - booking.start),
            seats: await ports.catalog.seats(request.storeId),
            now,
          },
          context,
        );
        return stream.append(events, context);
      }, attempts(input.reservationId));
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
}

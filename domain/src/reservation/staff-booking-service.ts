import { minutesOf, timeOf, tokyoDateTime } from '../calendar/dates';
import { commandHandler, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import { courseMinutesOf } from '../seating/availability';
import { bookingDays } from './availability-service';
import { toStreamName as ledgerStream } from '../seating/events';
import { seatingLedger } from '../seating/decider';
import { isOneLineName, isPhoneText, unstorableTextIn } from '../text';
import type { BookingErrorCode } from './booking-service';
import { toStreamName, type ReservationEvent, type ReservationRequest } from './events';
import { claimReservationNumber } from './number';
import type { ReservationCatalog } from './ports';
import { decide, evolve, reservationDecider, type ReservationState } from './decider';

export interface StaffBookingPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  catalog: ReservationCatalog;
  seatingAttempts?: number;
  /** Seats the party of a booking at its seat now (the table context's `seatParty`): a walk-in's arrival and the tablet's pass. */
  seatParty?: (input: {
    seatId: string;
    people: number;
    actor: string;
    correlationId: string;
  }) => Promise<{ pass: string; expiresAt: string; seatName: string }>;
}

/** How long the hold a staff booking makes lives before it is booked (the same command, a moment later). */
const STAFF_HOLD_MS = 60_000;

export interface StaffBookingInput {
  storeId: string;
  date: string;
  time: string;
  people: number;
  /** The course booked, or null for seats only. */
  menuId: string | null;
  name: string;
  phone: string;
  /** What the guest said: allergies, a high chair … (sealed like the contact). */
  remarks: string;
  actor: string;
  correlationId: string;
  /** A party at the door now (decision 351): the day's hours apply, the same-day settings and "not in the past" do not. */
  walkIn?: boolean;
}

/**
 * Staff take a booking by phone (decision 282), through the customer's booking
 * rules: the day's hours and same-day settings, the course's deadline and duration, and seats the
 * ledger finds free (held, then booked at once). No mail and no link: the reservation is recorded
 * requested, confirmed and labelled `guest` (the spec's status for a party staff entered) in one
 * append, by the staff member who took the call.
 *
 * Streams, the contended one first: the day's ledger (hold, then book), then the reservation. If
 * the last append is lost, the ledger holds a booking whose reservation stream is empty: check-in
 * and staff seating at that seat finish it as a walk-in (decision 060), so it heals at the table.
 */
export function staffBookingService(ports: StaffBookingPorts) {
  const seating = commandHandler(seatingLedger, { ...ports, maxAttempts: ports.seatingAttempts ?? 100 });
  const reservations = commandHandler(reservationDecider, ports);
  const { catalog } = ports;
  const { refuseDateOrTime } = bookingDays(ports);

  return {
    /** Throws `invalid_text`, `store_closed`, `unknown_course`, `date_refused`, `time_unavailable`, `seats_full`. */
    async takeBooking(input: StaffBookingInput) {
      const { storeId, date, time, people } = input;
      // The name and phone go onto the schedule, tickets and CSV rows: one line each, a phone only phone characters.
      if (
        unstorableTextIn({ name: input.name, phone: input.phone, remarks: input.remarks }) !== null ||
        !isOneLineName(input.name) ||
        !isPhoneText(input.phone)
      )
        throw new DomainError<BookingErrorCode>('invalid_text');
      const menuIds = input.menuId ? [input.menuId] : [];
      const courses = (await catalog.courses(menuIds)).filter((c) => c.storeId === storeId && c.reservable);
      if (courses.length !== menuIds.length) throw new DomainError<BookingErrorCode>('unknown_course');
      const menus = await catalog.menus(storeId, menuIds);
      const now = ports.clock.now();
      const { close } = await refuseDateOrTime(storeId, date, time, menus, { walkIn: input.walkIn });

      const reservationId = ports.ids.uuid();
      const holdId = ports.ids.uuid();
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId };
      const at = now.toISOString();
      const held = await seating.handle(
        ledgerStream(storeId, date),
        {
          type: 'HoldSeats',
          holdId,
          sessionId: `staff:${reservationId}`,
          people,
          startMinute: minutesOf(time),
          courseMinutes: courseMinutesOf(menus),
          latestEndMinute: close,
          seats: await catalog.seats(storeId),
          now: at,
          expiresAt: new Date(now.getTime() + STAFF_HOLD_MS).toISOString(),
          client: null,
          visitStartedAt: at,
        },
        context,
      );
      const seats = held.events.find((e) => e.type === 'SeatsHeld');
      if (seats?.type !== 'SeatsHeld') throw new DomainError<BookingErrorCode>('seats_full');
      await seating.handle(ledgerStream(storeId, date), { type: 'BookHeldSeats', holdId, reservationId, now: at }, context);
      const reservationNumber = await claimReservationNumber(ports, reservationId, context);
      const request: ReservationRequest = {
        reservationId,
        storeId,
        date,
        time,
        people,
        seatIds: seats.data.seatIds,
        holdId,
        customer: { name: input.name, email: '', phone: input.phone },
        accountId: null,
        lines: courses.map((c) => ({ menuId: c.menuId, name: c.name, price: c.price, quantity: people })),
        detail: {},
        optionsPrice: 0,
        reservationNumber,
        remarks: input.remarks,
      };
      // Requested, confirmed and labelled `guest` at once: decided in turn on the state each leaves.
      const tokenHash = ports.hashing.sha256Hex(ports.ids.token());
      let state: ReservationState = reservationDecider.initialState();
      const events: ReservationEvent[] = [];
      for (const command of [
        { type: 'RequestReservation', request, tokenHash, now: at },
        { type: 'ConfirmReservation', tokenHash, now: at },
        { type: 'ChangeStatus', to: 'guest', now: at },
      ] as const) {
        const decided = decide(command, state);
        state = decided.reduce(evolve, state);
        events.push(...decided);
      }
      const result = await retryOnConflict(async () => (await reservations.load(toStreamName(reservationId))).append(events, context), {
        maxAttempts: reservations.maxAttempts,
        what: toStreamName(reservationId),
      });
      return { reservationId, reservationNumber, seatIds: request.seatIds, position: result.position };
    },

    /**
     * A named walk-in (decision 351): name, phone (optional), party, course and
     * remarks, booked from this minute through `takeBooking`'s rules (the ledger finds the seats),
     * then seated at once at its first seat: the arrival and the tablet's one-time pass.
     */
    async seatWalkIn(input: Omit<StaffBookingInput, 'date' | 'time' | 'walkIn'>) {
      if (!ports.seatParty) throw new Error('staffBookingService: seatParty port missing');
      const { date, minute } = tokyoDateTime(ports.clock.now());
      const booked = await this.takeBooking({ ...input, date, time: timeOf(minute), walkIn: true });
      const seated = await ports.seatParty({ seatId: booked.seatIds[0]!, people: input.people, actor: input.actor, correlationId: input.correlationId });
      return { ...booked, seatName: seated.seatName, pass: seated.pass, expiresAt: seated.expiresAt };
    },
  };
}

export type StaffBookingService = ReturnType<typeof staffBookingService>;

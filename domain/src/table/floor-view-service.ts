import { minutesOf, tokyoDateTime } from '../calendar/dates';
import { commandHandler } from '../command-handler';
import { toStreamName as orderStream } from '../order/events';
import { orderDecider } from '../order/decider';
import type { Clock, EventStore, IdGenerator } from '../ports';
import type { OpenCall } from '../staff-call/decider';
import { nextBookingOf, runsInto, type NextBooking } from './next-booking';
import type { TableCatalog } from './ports';
import type { TableService } from './table-service';

/**
 * Where a seated party is in its visit (decision 280): `seated` (no order yet),
 * `ordering` (an order is still in the kitchen), `served` (every order is out: the next step is
 * the bill). A seat with no party is `free`.
 */
export type SeatPhase = 'free' | 'seated' | 'ordering' | 'served';

export interface FloorSeat {
  seatId: string;
  seatName: string;
  maxPeople: number;
  phase: SeatPhase;
  reservationId: string | null;
  people: number | null;
  seatedAt: string | null;
  /** The booking's start (HH:MM), also for a booking due within the early-arrival window that has not sat down yet. */
  startTime: string | null;
  /** Later than the start plus the seat's hold time, and still at the table (the schedule's rule, operations.md §2). */
  overdue: boolean;
  orders: number;
  /** The party's call for staff waiting for an answer. */
  call: OpenCall | null;
  /** Parties merged into this one (decision 370), latest last. */
  merged: { reservationId: string; seatIds: string[]; people: number }[];
  /** The seat's next booking this evening, not yet arrived (decision 674): its time, party, course and label. */
  next: NextBooking | null;
  /** How long a party seated here now would stay: the seat's hold time, as a walk-in is booked for. */
  stayMinutes: number;
  /** A party seated here now for `stayMinutes` would still be at the table when `next` is due: staff are warned first. */
  runsIntoNext: boolean;
}

export interface FloorPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  catalog: TableCatalog;
  table: Pick<TableService, 'floor'>;
  openCall(reservationId: string): Promise<OpenCall | null>;
}

/** The floor view (/monitor, /monitor/order): every seat of the store now, with its party's phase, overdue mark and open call. */
export function floorViewService(ports: FloorPorts) {
  const orders = commandHandler(orderDecider, ports);

  /** The party's orders, with those of the parties merged into it (decision 370). */
  async function phaseOf(reservationIds: readonly string[]): Promise<{ phase: SeatPhase; orders: number }> {
    const ids = (await Promise.all(reservationIds.map((id) => ports.catalog.orderIdsOf(id)))).flat();
    const states = await Promise.all(ids.map(async (id) => (await orders.load(orderStream(id))).state));
    const placed = states.filter((s) => s.status !== 'empty');
    if (placed.length === 0) return { phase: 'seated', orders: 0 };
    return { phase: placed.some((s) => s.status === 'ready') ? 'ordering' : 'served', orders: placed.length };
  }

  return {
    async seats(storeId: string): Promise<FloorSeat[]> {
      const now = ports.clock.now();
      const { date, minute } = tokyoDateTime(now);
      const [floor, specs, bookings] = await Promise.all([
        ports.table.floor(storeId),
        ports.catalog.seats(storeId),
        ports.catalog.dayBookings(storeId, date, now),
      ]);
      return Promise.all(
        floor.map(async (seat): Promise<FloorSeat> => {
          const hold = specs.find((s) => s.id === seat.seatId)?.holdMinutes ?? 90;
          // The party at the seat now is not its own next booking.
          const next = nextBookingOf(
            bookings.filter((b) => b.reservationId !== seat.reservationId),
            seat.seatId,
            minute,
          );
          const base = {
            next,
            stayMinutes: hold,
            // Only a free seat with no booking due seats a new party: one due now seats that booking's own party.
            runsIntoNext: !seat.reservationId && seat.startTime === null && runsInto(next, minute, hold),
            seatId: seat.seatId,
            seatName: seat.seatName,
            maxPeople: seat.maxPeople,
            startTime: seat.startTime,
            people: seat.people,
            seatedAt: seat.seatedAt,
          };
          if (!seat.reservationId) return { ...base, phase: 'free', reservationId: null, overdue: false, orders: 0, call: null, merged: [] };
          const overdue = seat.startTime !== null && minute > minutesOf(seat.startTime) + hold;
          const [{ phase, orders: count }, call] = await Promise.all([
            phaseOf([seat.reservationId, ...seat.merged.map((m) => m.reservationId)]),
            ports.openCall(seat.reservationId),
          ]);
          return { ...base, phase, reservationId: seat.reservationId, overdue, orders: count, call, merged: seat.merged };
        }),
      );
    },
  };
}

export type FloorViewService = ReturnType<typeof floorViewService>;

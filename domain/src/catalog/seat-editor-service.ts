import { foldStream, type CommandContext, type CommandResult, type HandlerDeps } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock } from '../ports';
import { removeRecord, saveRecord } from './catalog-service';
import { catalogDecider, parseRecord } from './decider';
import { toStreamName, type CatalogEvent } from './events';
import type { SeatData } from './kinds';
import type { CatalogInput } from './registry';

/** A booking that still holds a seat: not cancelled, not left, on today or later (Tokyo). */
export interface SeatBooking {
  id: string;
  reservation_date: string;
  reservation_time: string;
  customer_name: string;
  people: number;
}

/** Read port: the bookings that still hold a seat as of `now` (projections/src/reservations). */
export interface SeatBookings {
  futureOn(seatId: string, now: Date): Promise<SeatBooking[]>;
}

export type SeatEditorErrorCode = 'seat_has_bookings' | 'not_found';

/**
 * The seats editor's use cases (/admin/seats, decision 120): a seat is saved (created or
 * replaced) or removed through the catalog, but one that still holds bookings can neither be
 * removed nor taken out of service (inactive, or no longer reservable) until they are moved:
 * the refusal `seat_has_bookings` names them (details.bookings).
 */
export function seatEditorService(ports: HandlerDeps & { clock: Clock; seatBookings: SeatBookings }) {
  async function current(id: string): Promise<SeatData | null> {
    const state = foldStream(catalogDecider, await ports.eventStore.readStream(toStreamName('seat', id)));
    return state.status === 'saved' ? (state.data as SeatData) : null;
  }

  async function refuseIfBooked(id: string): Promise<void> {
    const bookings = await ports.seatBookings.futureOn(id, ports.clock.now());
    if (bookings.length > 0) {
      throw new DomainError<SeatEditorErrorCode>('seat_has_bookings', `seat ${id} holds ${bookings.length} booking(s)`, { seatId: id, bookings });
    }
  }

  return {
    async save(record: { id: string; data: CatalogInput<'seat'> }, context: CommandContext): Promise<CommandResult<CatalogEvent>> {
      // Bad input is refused before anything is read (invalid_record with the first problem).
      const data = parseRecord('seat', record.id, record.data);
      const before = await current(record.id);
      const takesBookingsBefore = before !== null && before.is_active && before.is_reservable;
      const takesBookingsAfter = data.is_active && data.is_reservable;
      if (takesBookingsBefore && !takesBookingsAfter) await refuseIfBooked(record.id);
      // A seat is never its own neighbour; duplicates are dropped.
      const adjacent = [...new Set(data.adjacent_seat_ids.filter((s) => s !== record.id))];
      return saveRecord(
        ports,
        { kind: 'seat', id: record.id, data: { ...data, adjacent_seat_ids: adjacent } },
        { ...context, storeId: context.storeId ?? data.store_id },
      );
    },

    async remove(id: string, context: CommandContext): Promise<CommandResult<CatalogEvent>> {
      const before = await current(id);
      if (!before) throw new DomainError<SeatEditorErrorCode>('not_found', `no seat ${id}`, { kind: 'seat', id });
      await refuseIfBooked(id);
      return removeRecord(ports, { kind: 'seat', id }, { ...context, storeId: context.storeId ?? before.store_id });
    },
  };
}

export type SeatEditorService = ReturnType<typeof seatEditorService>;

import type { ColumnType } from 'kysely';

/** Seats (tables, counter places) of each store. */
export interface SeatTables {
  seats: {
    id: string;
    store_id: string;
    name: string;
    max_people: number;
    reservation_hold_minutes: number;
    is_reservable: boolean;
    /** As declared on this seat; `seatNeighbours` makes it symmetric. jsonb, written as JSON text. */
    adjacent_seat_ids: ColumnType<string[], string, string>;
    display_order: number;
    /** False: out of service (seats editor), no bookings and not on the floor. */
    is_active: ColumnType<boolean, boolean | undefined, boolean>;
  };
}

import type { ColumnType } from 'kysely';
import type { ReservationDetail, ReservedLine } from '@moncafe/domain/reservation/events';

/** jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/**
 * Reservations as the screens read them, with the spec's field names (operations.md §3):
 * the customer's confirm/cancel pages, /my-reservations and the admin schedule.
 */
export interface ReservationTables {
  reservations: {
    id: string;
    store_id: string;
    account_id: string | null;
    customer_name: string;
    phone: string;
    email: string;
    people: number;
    reservation_date: string;
    reservation_time: string;
    seat_ids: Json<string[]>;
    /** 'reserved' until cancelled. */
    status: 'reserved' | 'cancelled';
    /** '0' awaiting the confirmation mail's link, '1' confirmed. */
    email_confirm_status: '0' | '1';
    menu_id: string | null;
    menu_name: string | null;
    /** Total of the cart plus option extras, in yen. */
    price: number;
    lines: Json<ReservedLine[]>;
    detail: Json<ReservationDetail>;
    requested_at: Date;
    /**
     * When the confirmation link (and so the seat hold) lapses. An unconfirmed row past it holds
     * no seats: the queries below leave it out given their `now`.
     */
    confirm_expires_at: Date;
    confirmed_at: Date | null;
    cancelled_at: Date | null;
    cancel_reason: string | null;
  };
}

import type { ColumnType } from 'kysely';
import type { FloorStatus, PaymentMethod, ReservationDetail, ReservedLine } from '@moncafe/domain/reservation/events';

/** jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/**
 * Reservations as the screens read them, with the spec's field names (operations.md §3):
 * the customer's confirm/cancel pages, /my-reservations and the admin schedule.
 */
export interface ReservationTables {
  reservations: {
    id: string;
    /** The short number the guest is told (`MC-4821-7K`); null for reservations from before decision 100 and for walk-ins. */
    reservation_number: ColumnType<string | null, string | null | undefined, string | null>;
    store_id: string;
    account_id: string | null;
    customer_name: string;
    phone: string;
    email: string;
    people: number;
    reservation_date: string;
    reservation_time: string;
    seat_ids: Json<string[]>;
    /** The spec's status (operations.md §4, decision 038): web, guest (QR walk-in), confirmed (at the table), exited, cancelled, no_show (decision 156), or unset. */
    status: FloorStatus | null;
    /** '0' awaiting the confirmation mail's link, '1' confirmed; null for a QR walk-in, which has no link. */
    email_confirm_status: '0' | '1' | null;
    /** `web`: booked on the site; `walk_in`: started by a QR check-in. */
    origin: ColumnType<'web' | 'walk_in', 'web' | 'walk_in' | undefined, 'web' | 'walk_in'>;
    /** Who seated a walk-in (decision 674): `guest` by the seat's QR, `staff` at the door; null for a booking. */
    walk_in_by: ColumnType<'guest' | 'staff' | null, 'guest' | 'staff' | null | undefined, 'guest' | 'staff' | null>;
    /** The guest's remarks (allergies …), typed when booking (decision 282); '' when none. */
    remarks: ColumnType<string, string | undefined, string>;
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
    /** When the guests sat down: a walk-in's check-in or a booked customer's QR arrival. */
    seated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    exited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    actual_duration_minutes: ColumnType<number | null, number | null | undefined, number | null>;
    /** The checkout's payment: cash, credit, electronic or qr; null when not paid here (or not yet). */
    payment_method: ColumnType<PaymentMethod | null, PaymentMethod | null | undefined, PaymentMethod | null>;
    /** What was paid at checkout, tax included, in yen. */
    paid_total: ColumnType<number | null, number | null | undefined, number | null>;
    /** Decision 633: the booked courses as booked (with tax) and as billed at checkout; null without a course or before checkout. */
    course_booked: ColumnType<number | null, number | null | undefined, number | null>;
    course_billed: ColumnType<number | null, number | null | undefined, number | null>;
    /** The reservation whose party this one joined (decision 370); null while on its own. Its seats and people are counted there. */
    merged_into: ColumnType<string | null, string | null | undefined, string | null>;
  };
}

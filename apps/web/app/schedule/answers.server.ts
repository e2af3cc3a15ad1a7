import type { ReservationRow } from '@moncafe/projections/reservations/queries';
import type { Seat } from '@moncafe/projections/seats/queries';
import type { ErrorAnswer, ErrorTable } from '#app/http/json.server';
import { scheduleTexts as t } from './texts';

/**
 * The schedule's calls answer a reservation with the spec's fields (operations.md §3) plus what
 * the grid needs (origin, seated_at, reservation_number); seat names are the store's current ones.
 */
export function reservationAnswer(row: ReservationRow, seats: readonly Pick<Seat, 'id' | 'name'>[]) {
  const names = new Map(seats.map((s) => [s.id, s.name]));
  return {
    id: row.id,
    reservation_number: row.reservation_number,
    customer_name: row.customer_name,
    phone: row.phone,
    remarks: row.remarks,
    email: row.email,
    people: row.people,
    reservation_date: row.reservation_date,
    reservation_time: row.reservation_time,
    seat_ids: row.seat_ids,
    seat_names: row.seat_ids.map((id) => names.get(id) ?? id),
    status: row.status,
    email_confirm_status: row.email_confirm_status,
    origin: row.origin,
    menu_id: row.menu_id,
    menu_name: row.menu_name,
    price: row.price,
    lines: row.lines,
    detail: row.detail,
    seated_at: row.seated_at?.toISOString() ?? null,
    exited_at: row.exited_at?.toISOString() ?? null,
    actual_duration_minutes: row.actual_duration_minutes,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
  };
}

export function seatAnswer(seat: Seat) {
  return {
    id: seat.id,
    name: seat.name,
    max_people: seat.max_people,
    reservation_hold_minutes: seat.reservation_hold_minutes,
    display_order: seat.display_order,
  };
}

/** A refusal with its code in `error` and `code` (spec §8: the screen shows details and code) and the words in `message`/`details`. */
const answer = (status: number, code: string, message: string): ErrorAnswer => ({
  status,
  answer: { success: false, error: code, code, message, details: message },
});

/** The domain's codes for a move or a status change, as the schedule's calls answer them. */
export const scheduleErrors: ErrorTable = {
  over_capacity: answer(409, 'over_capacity', t.overCapacity),
  overlap: answer(409, 'overlap', t.overlap),
  outside_hours: answer(409, 'outside_hours', t.outsideHours),
  off_step: answer(400, 'off_step', t.offStep),
  unknown_seat: answer(400, 'unknown_seat', t.unknownSeat),
  booking_not_found: answer(409, 'booking_not_found', t.notBooked),
  not_cancellable: answer(409, 'not_cancellable', t.ended),
  visit_ended: answer(409, 'visit_ended', t.ended),
  status_final: answer(409, 'status_final', t.ended),
  not_confirmed: answer(409, 'not_confirmed', t.notBooked),
  not_found: answer(404, 'not_found', t.notFound),
  admin_only: answer(403, 'admin_only', t.adminOnly),
  course_fixed: answer(400, 'course_fixed', t.courseFixed),
  changed_elsewhere: answer(409, 'changed_elsewhere', t.changedElsewhere),
  not_seated: answer(409, 'not_seated', t.notSeated),
  not_started: answer(409, 'not_started', t.notStarted),
  already_seated: answer(409, 'already_seated', t.alreadySeated),
  not_no_show: answer(409, 'not_no_show', t.notNoShow),
};

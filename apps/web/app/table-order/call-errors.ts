import type { DomainError } from '@moncafe/domain/decider';
import { errorsByLanguage, type ErrorAnswer, type ErrorTable } from '#app/http/json.server';
import type { Messages } from '#app/i18n/language';
import {
  localizedCheckoutTexts,
  localizedGuestMarks,
  localizedOrderTexts,
  type checkoutTexts as japaneseCheckout,
  type guestMarks,
  type orderTexts as japaneseOrder,
} from './texts';
import { courseLineTexts, stockTexts } from './staff-texts';

/** A refusal with its code in `error` (the screens branch on it, spec §8) and the words in `message`. */
const answer = (status: number, error: string, message: string, extra: Record<string, unknown> = {}): ErrorAnswer => ({
  status,
  answer: { success: false, error, message, ...extra },
});

/** The domain's codes for the guest at the table, as the table-order calls answer them, in one language's texts. */
const tableErrorsIn = (
  t: Messages<typeof japaneseOrder>,
  checkoutTexts: Messages<typeof japaneseCheckout>,
  marks: Messages<typeof guestMarks>,
): ErrorTable => ({
  unknown_seat: answer(404, 'unknown_seat', t.noSeat),
  store_closed: answer(403, 'store_closed', t.closed),
  location_required: answer(403, 'location_required', t.locationRequired),
  outside_geofence: answer(403, 'outside_geofence', t.outsideGeofence),
  store_location_unset: answer(403, 'store_location_unset', t.locationNotSet),
  seat_taken: answer(409, 'seat_taken', marks.sentences(t.seatTaken, t.seatTakenHelp)),
  over_capacity: answer(409, 'over_capacity', t.overCapacity),
  unknown_item: (error: DomainError) => answer(400, 'unknown_item', t.soldOut(''), { menu_ids: error.details.menuIds ?? [] }),
  course_not_orderable: (error: DomainError) =>
    answer(400, 'course_not_orderable', t.courseAtTable(((error.details.names as string[] | undefined) ?? []).join(marks.list)), {
      menu_ids: error.details.menuIds ?? [],
    }),
  sold_out: (error: DomainError) => answer(409, 'sold_out', t.soldOut(''), { menu_ids: error.details.menuIds ?? [] }),
  // No visit at the seat, a dead or foreign token: the phone renews once, then asks for a rescan.
  no_visit: answer(401, 'no_visit', t.authFailed),
  invalid_token: answer(401, 'invalid_token', t.authFailed),
  wrong_seat: answer(403, 'wrong_seat', t.authFailed),
  visit_ended: answer(403, 'visit_ended', t.tokenInvalidated),
  not_confirmed: answer(403, 'not_confirmed', t.authFailed),
  not_found: answer(404, 'not_found', t.authFailed),
  order_exists: answer(409, 'order_exists', t.orderFailed),
  orders_changed: answer(409, 'orders_changed', checkoutTexts.ordersChanged),
  // Limits at the table and checkout of a visit that began (decisions 155, 156).
  too_many_orders: answer(429, 'too_many_orders', t.tooManyOrders),
  order_too_large: answer(400, 'order_too_large', t.orderTooLarge),
  order_needs_staff: answer(403, 'order_needs_staff', t.orderNeedsStaff),
  not_seated: answer(409, 'not_seated', checkoutTexts.notSeated),
  not_started: answer(409, 'not_started', checkoutTexts.notStarted),
  // Decisions 150–153: the seat's code, the store's seating, proof to join, renewals.
  seat_code_invalid: answer(401, 'seat_code_invalid', t.seatCodeInvalid),
  staff_seating_only: answer(403, 'staff_seating_only', t.staffSeatingOnly),
  reservation_number_required: answer(403, 'reservation_number_required', t.reservationNumberRequired),
  wrong_reservation_number: answer(403, 'wrong_reservation_number', t.wrongReservationNumber),
  invite_required: answer(403, 'invite_required', t.inviteRequired),
  pass_invalid: answer(401, 'pass_invalid', t.passInvalid),
  renewal_limit: answer(429, 'renewal_limit', t.renewalLimit),
  invite_limit: answer(429, 'invite_limit', t.inviteLimit),
});

/** The guest's own language (decision 392): the request's `lang` cookie or Accept-Language. */
export const tableErrors: ErrorTable = errorsByLanguage({
  ja: tableErrorsIn(localizedOrderTexts.ja, localizedCheckoutTexts.ja, localizedGuestMarks.ja),
  en: tableErrorsIn(localizedOrderTexts.en, localizedCheckoutTexts.en, localizedGuestMarks.en),
});

export const stockErrors: ErrorTable = {
  unknown_item: (error: DomainError) => answer(404, 'unknown_item', stockTexts.saveFailed, { menu_ids: error.details.menuIds ?? [] }),
  invalid_quantity: answer(400, 'invalid_quantity', stockTexts.quantityInvalid),
  stock_changed: (error: DomainError) => {
    const quantity = Number(error.details.quantity ?? 0);
    return answer(409, 'stock_changed', stockTexts.changed(quantity), { quantity });
  },
};

/** A booked course's count changed by staff (decision 630): each refusal names its field. */
export const courseLineErrors: ErrorTable = {
  not_found: answer(404, 'not_found', courseLineTexts.unknownCourse, { field: 'reservation_id' }),
  course_line_unknown: answer(404, 'course_line_unknown', courseLineTexts.unknownCourse, { field: 'menu_id' }),
  reason_required: answer(400, 'reason_required', courseLineTexts.reasonRequired, { field: 'reason' }),
  invalid_quantity: answer(400, 'invalid_quantity', courseLineTexts.invalidQuantity, { field: 'quantity' }),
  visit_ended: answer(409, 'visit_ended', courseLineTexts.afterCheckout),
};

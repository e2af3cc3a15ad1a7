import type { ReservationSummary } from '@moncafe/domain/reservation/summary';
import { courseNames, noticeTexts, optionLines, optionPictures, storeNameOf } from './presentation';

/**
 * The answers the confirm and cancel pages read, made from the booking service's summary: the
 * spec's `confirmation` and `reservation for cancel` shapes, worded by presentation.ts.
 */

/** Where the confirm page loads a picture of the reservation: its holder of the link may see it (decision 032). */
function reservationImageUrl(imageId: string, token: string | null): string {
  return `/api/reservation-images/${imageId}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** What the confirm page shows: the spec's confirmation shape plus the described options, pictures and notices. */
export function confirmationView(summary: ReservationSummary, token: string | null) {
  return {
    name: summary.customer.name,
    email: summary.customer.email,
    phone: summary.customer.phone,
    /** The guest's remarks (allergies …) as typed; '' when none. Theirs, so not shown before the link is confirmed. */
    remarks: summary.remarks,
    data: {
      reservation_id: summary.reservationId,
      reservation_number: summary.reservationNumber,
      store_name: storeNameOf(summary.storeName),
      date: summary.date,
      time: summary.time,
      people: summary.people,
      menu_name: courseNames(summary.language === 'en' ? summary.lines.map((l) => ({ ...l, name: l.nameEn || l.name })) : summary.lines),
      menu_price: summary.total,
      menu_description: summary.firstCourseDescription,
      detail: JSON.stringify(summary.detail),
    },
    menuOptions: summary.courseOptions.map((o) => ({ id: o.optionId, label: o.label })),
    detailLines: optionLines(summary.options),
    images: optionPictures(summary.options).map((p) => ({ label: p.label, url: reservationImageUrl(p.imageId, token) })),
    notices: noticeTexts(summary.notices),
    isConfirmed: summary.status === 'confirmed',
  };
}

export type ConfirmationView = ReturnType<typeof confirmationView>;

/**
 * What a link that was never confirmed shows: the booking without who made it. A link is a
 * bearer secret that may have been forwarded or leaked; until its holder confirms it, it answers
 * no name, e-mail or phone (decision 166; past its expiry it answers only that it expired).
 */
export function unconfirmedView(view: ConfirmationView) {
  const { name: _name, email: _email, phone: _phone, remarks: _remarks, ...booking } = view;
  return booking;
}

/** What the cancel page shows: the spec's "reservation for cancel" fields. */
export function cancelView(summary: ReservationSummary) {
  return {
    id: summary.reservationId,
    reservation_number: summary.reservationNumber,
    store_name: storeNameOf(summary.storeName),
    customer_name: summary.customer.name,
    date: summary.date,
    time: summary.time,
    people: summary.people,
    status: summary.status,
  };
}

import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import type { SeatBooking } from '@moncafe/domain/catalog/seat-editor-service';
import { japaneseDate } from '#app/reservation/presentation';
import type { ErrorTable } from '#app/http/json.server';
import { catalogErrors, recordRefusal } from '#app/staff-area/calls.server';
import { seatFieldLabels, seatTexts, storeFieldLabels, storeTexts } from './texts';

/** `?store_id=&date=` of the admin home's, the CSV's and cost management's reads; the date defaults to today in Tokyo. */
export const dayQuery = z.object({
  store_id: z.string().min(1).max(120),
  date: isoDateSchema.optional(),
});

/** The store editor's refusals (decisions 320, 391): the catalog's, a store opened twice, a closed store, the last open store. */
export const storeErrors: ErrorTable = {
  ...catalogErrors,
  invalid_record: recordRefusal(storeFieldLabels),
  store_exists: { status: 409, error: storeTexts.storeExists },
  store_closed: { status: 409, error: storeTexts.storeClosed },
  last_open_store: { status: 409, error: storeTexts.lastOpenStore },
};

/** The seats editor's refusals: the catalog's, and a seat still holding bookings (409, the bookings listed). */
export const seatErrors: ErrorTable = {
  ...catalogErrors,
  invalid_record: recordRefusal(seatFieldLabels),
  seat_has_bookings: (e) => {
    const bookings = (e.details.bookings as SeatBooking[] | undefined) ?? [];
    const lines = bookings.map((b) => seatTexts.bookingLine(japaneseDate(b.reservation_date), b.reservation_time.slice(0, 5), b.customer_name, b.people));
    return {
      status: 409,
      answer: { success: false, error: seatTexts.hasBookings(lines), code: 'seat_has_bookings', bookings: bookings.map((b) => ({ ...b })) },
    };
  },
};

/** What the store editor's calls spread in: its refusals, and its labels naming a refused field. */
export const storeCall = { errors: storeErrors, labels: storeFieldLabels };

/** What the seat editor's calls spread in. */
export const seatCall = { errors: seatErrors, labels: seatFieldLabels };

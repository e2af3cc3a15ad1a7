import { z } from 'zod';
import type { DateRefusal } from '@moncafe/domain/seating/availability';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { isPhoneText } from '@moncafe/domain/text';
import { text } from '#app/http/text-schema';
import { dateSchema, timeSchema } from '#app/reservation/call-schemas';
import type { DomainError } from '@moncafe/domain/decider';
import { floorTexts as t } from '#app/floor/texts';
import { jsonCall, type AnswerOf, type ErrorAnswer } from '#app/http/json.server';
import { dateRefusalMessage, reservationTexts } from '#app/reservation/texts';
import { tableErrors } from '#app/table-order/call-errors';
import { passQr } from '#app/table-order/seat-qr.server';

const refused = (status: number, error: string, message: string): ErrorAnswer => ({ status, answer: { success: false, error, message } });

/**
 * POST /api/monitor/staff-bookings (monitor/admin, decision 282): staff enter a phone booking —
 * name, phone, party, course and remarks — through the customer's booking rules; it is recorded
 * confirmed with the spec's `guest` status and appears on the schedule. With `walk_in: true`
 * (decision 351) the party is at the door: booked from now (phone optional) and seated at once,
 * answering the seat and the tablet's one-time QR as staff seating does.
 */
export const action = jsonCall({
  idempotent: true,
  body: z
    .object({
      walk_in: z.boolean().default(false),
      store_id: recordIdSchema,
      date: dateSchema.optional(),
      time: timeSchema.optional(),
      people: z.number().int().min(1).max(20),
      menu_id: z.string().max(64).nullable().default(null),
      name: text({ max: 100, min: 1, required: t.requiredField(t.name) }),
      phone: z.string().trim().refine(isPhoneText, t.phoneInvalid).default(''),
      remarks: z.string().max(500).default(''),
    })
    .superRefine((b, ctx) => {
      // A phone booking needs its day, time and number; a walk-in is now, its phone optional.
      if (b.walk_in) return;
      for (const field of ['date', 'time', 'phone'] as const)
        if (!b[field])
          ctx.addIssue({ code: 'custom', path: [field], message: t.requiredField(field === 'phone' ? t.phone : field === 'date' ? t.date : t.time) });
    }),
  errors: {
    ...tableErrors,
    date_refused: (error: DomainError) => refused(409, 'date_refused', dateRefusalMessage(error.details.refusal as DateRefusal)),
    time_unavailable: refused(409, 'time_unavailable', t.timeUnavailable),
    store_closed: refused(409, 'store_closed', t.storeClosed),
    seats_full: refused(409, 'seats_full', reservationTexts.seatsFull),
    unknown_course: refused(400, 'unknown_course', t.unknownCourse),
    invalid_text: refused(400, 'invalid_text', t.invalidText),
  },
  async handle({ body, services, caller, correlationId, runtime }) {
    const staff = await caller();
    const party = {
      storeId: body.store_id,
      people: body.people,
      menuId: body.menu_id,
      name: body.name,
      phone: body.phone,
      remarks: body.remarks,
      actor: staff.id,
      correlationId,
    };
    if (body.walk_in) {
      const seated = await services.staffBooking.seatWalkIn(party);
      const seatedAnswer = { seat_name: seated.seatName, expires_at: seated.expiresAt, ...(await passQr(runtime.config.publicUrl, seated.pass)) };
      return {
        success: true as const,
        reservation_id: seated.reservationId,
        reservation_number: seated.reservationNumber,
        seat_ids: seated.seatIds,
        seated: seatedAnswer,
      };
    }
    const booked = await services.staffBooking.takeBooking({ ...party, date: body.date ?? '', time: body.time ?? '' });
    return {
      success: true as const,
      reservation_id: booked.reservationId,
      reservation_number: booked.reservationNumber,
      seat_ids: booked.seatIds,
      seated: null,
    };
  },
});

export type Answer = AnswerOf<typeof action>;

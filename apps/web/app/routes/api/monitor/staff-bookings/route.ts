import { z } from 'zod';
import type { DateRefusal } from '@moncafe/domain/seating/availability';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { dateSchema, timeSchema } from '#app/reservation/call-schemas';
import type { DomainError } from '@moncafe/domain/decider';
import { floorTexts as t } from '#app/floor/texts';
import { jsonCall, type AnswerOf, type ErrorAnswer } from '#app/http/json.server';
import { dateRefusalMessage, reservationTexts } from '#app/reservation/texts';

const refused = (status: number, error: string, message: string): ErrorAnswer => ({ status, answer: { success: false, error, message } });

/**
 * POST /api/monitor/staff-bookings (monitor/admin, decision 282): staff enter a phone booking —
 * name, phone, party, course and remarks — through the customer's booking rules; it is recorded
 * confirmed with the spec's `guest` status and appears on the schedule.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    store_id: recordIdSchema,
    date: dateSchema,
    time: timeSchema,
    people: z.number().int().min(1).max(20),
    menu_id: z.string().max(64).nullable().default(null),
    name: z.string().trim().min(1).max(100),
    phone: z.string().trim().min(1).max(30),
    remarks: z.string().max(500).default(''),
  }),
  errors: {
    date_refused: (error: DomainError) => refused(409, 'date_refused', dateRefusalMessage(error.details.refusal as DateRefusal)),
    time_unavailable: refused(409, 'time_unavailable', t.timeUnavailable),
    store_closed: refused(409, 'store_closed', t.storeClosed),
    seats_full: refused(409, 'seats_full', reservationTexts.seatsFull),
    unknown_course: refused(400, 'unknown_course', t.unknownCourse),
    invalid_text: refused(400, 'invalid_text', t.invalidText),
  },
  async handle({ body, services, caller, correlationId }) {
    const staff = await caller();
    const booked = await services.staffBooking.takeBooking({
      storeId: body.store_id,
      date: body.date,
      time: body.time,
      people: body.people,
      menuId: body.menu_id,
      name: body.name,
      phone: body.phone,
      remarks: body.remarks,
      actor: staff.id,
      correlationId,
    });
    return { success: true as const, reservation_id: booked.reservationId, reservation_number: booked.reservationNumber, seat_ids: booked.seatIds };
  },
});

export type Answer = AnswerOf<typeof action>;

import { z } from 'zod';
import { mergeCallErrors } from '#app/floor/call-errors';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';

/**
 * POST /api/orders/merge {reservation_id, other_reservation_id, number_of_people?} (monitor/admin,
 * decision 370): the other party joins this one at adjoining seats — seats, people and orders
 * become one visit with one bill; `number_of_people` when the joined party grew. Open floors,
 * schedules and kitchens hear `reservation-merged`.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    reservation_id: uuidSchema,
    other_reservation_id: uuidSchema,
    number_of_people: z.number().int().min(1).max(99).nullable().default(null),
  }),
  errors: mergeCallErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const actor = (await caller()).id;
    const merged = await services.partyMerge.merge({
      reservationId: body.reservation_id,
      otherId: body.other_reservation_id,
      people: body.number_of_people,
      actor,
      correlationId,
    });
    await readYourWrites(merged.position);
    return { success: true as const, reservation_id: merged.reservationId, seat_ids: merged.seatIds, number_of_people: merged.people };
  },
});

export type Answer = AnswerOf<typeof action>;

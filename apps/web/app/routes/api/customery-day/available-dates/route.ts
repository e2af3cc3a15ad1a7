import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { menuIdsSchema, peopleSchema, storeClaimSchema } from '#app/reservation/call-schemas';
import { availableDatesAnswer } from '#app/http/site-answers';

/** POST /api/customery-day/available-dates {people, menuIds}: dates with a free time for the party, holidays and closed days. */
export const action = jsonCall({
  answer: availableDatesAnswer,
  body: z.object({ people: peopleSchema, menuIds: menuIdsSchema, store_id: storeClaimSchema }),
  handle: ({ body: { store_id, ...body }, services }) => services.booking.availableDates({ ...body, storeId: store_id }),
});

export type Answer = AnswerOf<typeof action>;

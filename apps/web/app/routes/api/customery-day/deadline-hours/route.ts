import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { menuIdsSchema, storeClaimSchema } from '#app/reservation/call-schemas';
import { deadlineAnswer } from '#app/http/site-answers';

/** POST /api/customery-day/deadline-hours {menuIds}: the first bookable day for this cart (minDateTime, Tokyo midnight). */
export const action = jsonCall({
  answer: deadlineAnswer,
  body: z.object({ menuIds: menuIdsSchema, store_id: storeClaimSchema }),
  handle: ({ body, services }) => services.booking.deadline(body.menuIds, { storeId: body.store_id }),
});

export type Answer = AnswerOf<typeof action>;

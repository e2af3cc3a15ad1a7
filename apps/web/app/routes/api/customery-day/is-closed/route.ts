import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dateSchema, storeClaimSchema } from '#app/reservation/call-schemas';
import { isClosedAnswer } from '#app/http/site-answers';

/** POST /api/customery-day/is-closed {date}: {isClosed}. */
export const action = jsonCall({
  answer: isClosedAnswer,
  body: z.object({ date: dateSchema, store_id: storeClaimSchema }),
  handle: async ({ body, services }) => ({ isClosed: await services.booking.isClosed(body.date, { storeId: body.store_id }) }),
});

export type Answer = AnswerOf<typeof action>;

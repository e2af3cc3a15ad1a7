import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dateSchema, menuIdsSchema, peopleSchema, storeClaimSchema } from '#app/reservation/call-schemas';
import { dateRefusalMessage } from '#app/reservation/texts';
import { availableTimesAnswer } from '#app/http/site-answers';

/**
 * POST /api/customery-day/available-times {date, people}: start times (HH:MM) where a seat fits
 * the party for the whole stay; a refused date answers no times and the spec's message.
 */
export const action = jsonCall({
  answer: availableTimesAnswer,
  body: z.object({ date: dateSchema, people: peopleSchema, menuIds: menuIdsSchema, store_id: storeClaimSchema }),
  async handle({ body: { store_id, ...body }, services }): Promise<{ times: string[]; message?: string; reason?: string }> {
    const { times, refusal } = await services.booking.availableTimes({ ...body, storeId: store_id });
    return { times, ...(refusal ? { message: dateRefusalMessage(refusal), reason: refusal.code } : {}) };
  },
});

export type Answer = AnswerOf<typeof action>;

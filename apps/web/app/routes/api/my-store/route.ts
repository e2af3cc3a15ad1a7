import { z } from 'zod';
import { keepChosenStore } from '#app/areas/store-choice.server';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';

/**
 * PUT /api/my-store {store_id}: keeps the store the signed-in person chose in an operations area,
 * so another browser of theirs opens on it (decision 576). Safe to resend.
 */
export const action = jsonCall({
  methods: ['PUT'],
  body: z.object({ store_id: z.string().trim().min(1).max(64) }),
  idempotent: true,
  async handle({ body, queries, services, caller, correlationId, readersWaitFor }) {
    const outcome = await keepChosenStore({ queries, services }, await caller(), body.store_id, correlationId);
    if (!outcome.ok) return refuse(404, callTexts.unknownStore, { field: 'store_id' });
    readersWaitFor(outcome.position);
    return { success: true as const, store_id: body.store_id };
  },
});

export type Answer = AnswerOf<typeof action>;

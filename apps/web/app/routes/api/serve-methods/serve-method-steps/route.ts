import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember } from '#app/staff-area/calls.server';

/** GET /api/serve-methods/serve-method-steps?serve_method_id: the steps (id, step_number, step_text, photos); empty for an unknown id. */
export const loader = jsonCall({
  query: z.object({ serve_method_id: recordIdSchema }),
  async handle(input) {
    const found = await input.queries.staffGuides.serveMethodSteps(input.query.serve_method_id);
    if (!found) return [];
    await actingMember(input, found.storeId);
    return found.steps;
  },
});

export type Answer = AnswerOf<typeof loader>;

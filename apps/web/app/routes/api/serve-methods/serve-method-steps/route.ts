import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/serve-methods/serve-method-steps?serve_method_id: the steps (id, step_number, step_text, photos); empty for an unknown id. */
export const loader = jsonCall({
  query: z.object({ serve_method_id: recordIdSchema }),
  handle: async ({ query, queries }) => (await queries.staffGuides.serveMethodSteps(query.serve_method_id)) ?? [],
});

export type Answer = AnswerOf<typeof loader>;

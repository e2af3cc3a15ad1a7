import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/stores: every store, in display order (spec: list with store_id and name). */
export const loader = jsonCall({
  cache: 'stores',
  handle: ({ queries }) => queries.stores.list(),
});

export type Answer = AnswerOf<typeof loader>;

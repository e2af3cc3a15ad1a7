import { publicStore } from '#app/table-order/public-store';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { storesAnswer } from '#app/http/site-answers';

/** GET /api/stores: every store, in display order (spec: list with store_id and name). */
export const loader = jsonCall({
  answer: storesAnswer,
  cache: 'stores',
  // The geofence radius is not published (decision 150): only the check-in decides with it.
  handle: async ({ queries }) => (await queries.stores.list()).map(publicStore),
});

export type Answer = AnswerOf<typeof loader>;

import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { publicStore } from '#app/table-order/public-store';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { storeAnswer } from '#app/http/site-answers';

/** GET /api/stores/{id}: one store with its name; 404 JSON when there is none. */
export const loader = jsonCall({
  answer: storeAnswer,
  cache: 'stores',
  async handle({ params, queries }) {
    const id = recordIdSchema.safeParse(params.id);
    const store = id.success ? await queries.stores.get(id.data) : null;
    return store ? publicStore(store) : refuse(404, 'not found', { message: 'store not found' });
  },
});

export type Answer = AnswerOf<typeof loader>;

import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/admin/disclaimer[?store_id]: the text a guest agrees to where they confirm (the site's store's when none is named); empty when there is none. */
export const loader = jsonCall({
  query: z.object({ store_id: recordIdSchema.optional() }),
  async handle({ query, queries }) {
    const storeId = query.store_id ?? (await queries.stores.default())?.store_id;
    return storeId ? queries.siteSettings.disclaimer(storeId) : { content: '' };
  },
});

export type Answer = AnswerOf<typeof loader>;

import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { storeIdSchema } from '#app/table-order/call-schemas';

const ORDER = ['drink', 'food', 'dessert'] as const;

/** GET /api/admin/menu/menu-category[?store_id]: the categories the store's customer menu uses, in display order, with how many items each has. */
export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional() }),
  cache: 'menu',
  async handle({ query, queries }) {
    const items = await queries.menus.list({ visibleOn: 'customers', ...(query.store_id === undefined ? {} : { storeId: query.store_id }) });
    const categories = ORDER.map((category) => ({ category, count: items.filter((i) => i.category === category).length })).filter((c) => c.count > 0);
    return { success: true as const, categories };
  },
});

export type Answer = AnswerOf<typeof loader>;

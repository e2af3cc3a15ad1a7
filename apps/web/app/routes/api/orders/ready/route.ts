import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { orderAnswer } from '#app/table-order/answers';
import { storeIdSchema } from '#app/table-order/call-schemas';

/** GET /api/orders/ready[?store_id]: the kitchen's orders waiting to be made, oldest first (monitor/admin). */
export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional() }),
  async handle({ query, queries }) {
    const storeId = query.store_id ?? (await queries.stores.default())?.store_id ?? refuse(404, callTexts.noStore);
    return { success: true as const, store_id: storeId, orders: (await queries.orders.ready(storeId)).map(orderAnswer) };
  },
});

export type Answer = AnswerOf<typeof loader>;

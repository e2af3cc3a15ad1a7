import { purchaseItemSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';
import { createCall } from '#app/staff-area/catalog-calls.server';

/** GET /api/purchase-management?store_id: the store's purchase items. POST (admin): a new item. */
export const loader = jsonCall({
  query: storeQuery,
  async handle(input) {
    const { query, queries } = input;
    await actingMember(input, query.store_id);
    return queries.purchasing.purchaseItems(query.store_id);
  },
});
export const action = createCall('purchase-item', purchaseItemSchema);

export type Answer = AnswerOf<typeof loader>;

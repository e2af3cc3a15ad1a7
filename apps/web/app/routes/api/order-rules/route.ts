import { orderRuleSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';
import { createCall } from '#app/staff-area/catalog-calls.server';

/** GET /api/order-rules?store_id: the store's order rules (filtered on the server). POST (admin): a new rule. */
export const loader = jsonCall({
  query: storeQuery,
  async handle(input) {
    const { query, queries } = input;
    await actingMember(input, query.store_id);
    return queries.purchasing.orderRules(query.store_id);
  },
});
export const action = createCall('order-rule', orderRuleSchema);

export type Answer = AnswerOf<typeof loader>;

import { orderRuleSchema } from '@moncafe/domain/purchasing/kinds';
import type { AnswerOf } from '#app/http/json.server';
import { storeRead } from '#app/staff-area/calls.server';
import { createCall } from '#app/staff-area/catalog-calls.server';

/** GET /api/order-rules?store_id: the store's order rules (filtered on the server). POST (admin): a new rule. */
export const loader = storeRead((queries, storeId) => queries.purchasing.orderRules(storeId));
export const action = createCall('order-rule', orderRuleSchema);

export type Answer = AnswerOf<typeof loader>;

import { orderRuleSchema } from '@moncafe/domain/purchasing/kinds';
import { itemCall } from '#app/staff-area/catalog-calls.server';

/** PUT /api/order-rules/{id} (admin): the rule replaced; DELETE {remove: true}: removed. */
export const action = itemCall('order-rule', orderRuleSchema);

import type { AnswerOf } from '#app/http/json.server';
import { kitchenCall } from '#app/table-order/kitchen-call.server';

/** POST /api/orders/{id}/restore (monitor/admin): see kitchenCall. */
export const action = kitchenCall('restore');

export type Answer = AnswerOf<typeof action>;

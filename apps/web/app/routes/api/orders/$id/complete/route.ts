import type { AnswerOf } from '#app/http/json.server';
import { kitchenCall } from '#app/table-order/kitchen-call.server';

/** POST /api/orders/{id}/complete (monitor/admin): see kitchenCall. */
export const action = kitchenCall('complete');

export type Answer = AnswerOf<typeof action>;

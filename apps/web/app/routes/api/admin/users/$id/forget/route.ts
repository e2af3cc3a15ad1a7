import type { AnswerOf } from '#app/http/json.server';
import { staffLeavingCall } from '#app/admin-area/staff-leaving.server';

/**
 * POST /api/admin/users/:id/forget {store_id}: forgets a staff member who left, once the wage
 * records' retention has passed (decision 620): their name and e-mail are erased everywhere, and
 * their shifts and attendance stay under the answered `pseudonym`. Before then: 409 with the day.
 */
export const action = staffLeavingCall('forget');

export type Answer = AnswerOf<typeof action>;

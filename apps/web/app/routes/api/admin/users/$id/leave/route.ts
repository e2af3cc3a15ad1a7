import type { AnswerOf } from '#app/http/json.server';
import { staffLeavingCall } from '#app/admin-area/staff-leaving.server';

/**
 * POST /api/admin/users/:id/leave {store_id}: an admin removes a staff member of the store who
 * left (decision 620): every staff role goes, their sessions end and they sign in no more; their
 * shifts and attendance stay. Resending it changes nothing.
 */
export const action = staffLeavingCall('remove');

export type Answer = AnswerOf<typeof action>;

import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { staffLeavingBody, staffLeavingErrors } from '#app/admin-area/staff-leaving.server';

/**
 * POST /api/admin/users/:id/leave {store_id}: an admin removes a staff member of the store who
 * left (decision 620): every staff role goes, their sessions end and they sign in no more; their
 * shifts and attendance stay. Resending it changes nothing.
 */
export const action = jsonCall({
  body: staffLeavingBody,
  errors: staffLeavingErrors,
  idempotent: true,
  async handle({ body, params, caller, services, correlationId, readYourWrites }) {
    const admin = await caller();
    const result = await services.staffLeaving.remove(
      { accountId: params.id ?? '', storeId: body.store_id, by: admin.id },
      { correlationId, actor: admin.id, storeId: body.store_id },
    );
    await readYourWrites(result.position);
    return { success: true as const, removed: result.removed };
  },
});

export type Answer = AnswerOf<typeof action>;

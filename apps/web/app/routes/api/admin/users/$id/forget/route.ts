import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { staffLeavingBody, staffLeavingErrors } from '#app/admin-area/staff-leaving.server';

/**
 * POST /api/admin/users/:id/forget {store_id}: forgets a staff member who left, once the wage
 * records' retention has passed (decision 620): their name and e-mail are erased everywhere, and
 * their shifts and attendance stay under the answered `pseudonym`. Before then: 409 with the day.
 */
export const action = jsonCall({
  body: staffLeavingBody,
  errors: staffLeavingErrors,
  idempotent: true,
  async handle({ body, params, caller, services, correlationId, readYourWrites }) {
    const admin = await caller();
    const result = await services.staffLeaving.forget(
      { accountId: params.id ?? '', storeId: body.store_id, by: admin.id },
      { correlationId, actor: admin.id, storeId: body.store_id },
    );
    await readYourWrites(result.position);
    return { success: true as const, forgotten: result.forgotten, pseudonym: result.pseudonym };
  },
});

export type Answer = AnswerOf<typeof action>;

import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser, catalogErrors } from '#app/staff-area/calls.server';

/**
 * POST /api/order-management/{id}/reveal-password (staff or admin): the supplier's password in
 * clear, after recording who asked and when (decision 083). Never cached, never logged.
 */
export const action = jsonCall({
  errors: catalogErrors,
  async handle(input) {
    const { context, isAdmin } = await actingUser(input);
    const { password } = await input.services.suppliers.revealPassword({ supplierId: input.params.id ?? '', asAdmin: isAdmin }, context);
    return { success: true, password };
  },
});

export type Answer = AnswerOf<typeof action>;

import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser, catalogErrors } from '#app/staff-area/calls.server';
import { displayOrderBody } from '#app/staff-area/catalog-calls.server';

/** POST /api/admin/display-order {kind, ids} (admin): puts one store's records of a kind in this order (1, 2, 3 …). */
export const action = jsonCall({
  body: displayOrderBody,
  errors: catalogErrors,
  async handle(input) {
    const { context } = await actingUser(input);
    const result = await input.services.reorder(input.body, context);
    await input.readYourWrites(result.position);
    return { success: true };
  },
});

export type Answer = AnswerOf<typeof action>;

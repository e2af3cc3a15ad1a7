import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';

/**
 * GET /api/users?store_id: the store's staff as the shift screens list them — id, name, and the
 * hourly wage for admins only (staff get no `wage` field at all). Always an array (spec §7).
 */
export const loader = jsonCall({
  query: storeQuery,
  async handle(input) {
    const { isAdmin } = await actingMember(input, input.query.store_id);
    return input.queries.storeStaff.list(input.query.store_id, { wages: isAdmin });
  },
});

export type Answer = AnswerOf<typeof loader>;

import { monthQuery } from '#app/attendance/calls.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember } from '#app/staff-area/calls.server';

/**
 * GET /api/staff/attendance?store_id&month (staff): the signed-in person's own month at the store,
 * as the owner sees it, with the corrections made to it.
 */
export const loader = jsonCall({
  query: monthQuery,
  store: ({ query }) => query.store_id,
  async handle(input) {
    const { store_id: storeId, month } = input.query;
    const { user } = await actingMember(input, storeId);
    const [mine, corrections] = await Promise.all([
      input.queries.attendance.month({ storeId, month, now: input.runtime.clock.now(), userId: user.id }),
      input.queries.attendance.corrections({ storeId, month, userId: user.id }),
    ]);
    const me = mine[0] ?? null;
    return { days: me?.days ?? [], totals: me?.totals ?? null, corrections };
  },
});

export type Answer = AnswerOf<typeof loader>;

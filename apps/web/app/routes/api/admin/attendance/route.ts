import { monthQuery } from '#app/attendance/calls.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/**
 * GET /api/admin/attendance?store_id&month=YYYY-MM (admin) → {staff: [{user_id, name, days: [{date,
 * record_id, planned, actual, break_minutes, worked_minutes, late_night_minutes, overtime_minutes,
 * flags}], totals}]}: each person's month with the plan beside what was worked (decision 566).
 */
export const loader = jsonCall({
  query: monthQuery,
  store: ({ query }) => query.store_id,
  async handle({ query, queries, runtime }) {
    return { staff: await queries.attendance.month({ storeId: query.store_id, month: query.month, now: runtime.clock.now() }) };
  },
});

export type Answer = AnswerOf<typeof loader>;

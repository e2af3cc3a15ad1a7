import { monthQuery } from '#app/attendance/calls.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/**
 * GET /api/admin/attendance/history?store_id&month (admin): the month's attendance corrections
 * (who, when, before, after, reason), beside the month's shift corrections.
 */
export const loader = jsonCall({
  query: monthQuery,
  store: ({ query }) => query.store_id,
  async handle({ query, queries }) {
    const [corrections, shiftCorrections] = await Promise.all([
      queries.attendance.corrections({ storeId: query.store_id, month: query.month }),
      queries.shifts.history(query.store_id, query.month),
    ]);
    return { corrections, shift_corrections: shiftCorrections };
  },
});

export type Answer = AnswerOf<typeof loader>;

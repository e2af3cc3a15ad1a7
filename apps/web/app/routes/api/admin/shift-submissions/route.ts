import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { monthSchema, storeQuery } from '#app/staff-area/calls.server';

/** GET /api/admin/shift-submissions?store_id&month (admin): the month's wishes by person and day. */
export const loader = jsonCall({
  query: storeQuery.extend({ month: monthSchema }),
  handle: ({ query, queries }) => queries.shifts.submissions(query.store_id, query.month),
});

export type Answer = AnswerOf<typeof loader>;

import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { monthSchema, storeQuery } from '#app/staff-area/calls.server';

/**
 * GET /api/shift/history-log?store_id&month=YYYY-MM: the month's corrections, newest first — the
 * spec's id, shift_date, user_id, shift_type, before_value, after_value, reason, timestamp, plus
 * the names of the person and of who changed it (read from the ShiftCorrected events).
 */
export const loader = jsonCall({
  query: storeQuery.extend({ month: monthSchema }),
  handle: ({ query, queries }) => queries.shifts.history(query.store_id, query.month),
});

export type Answer = AnswerOf<typeof loader>;

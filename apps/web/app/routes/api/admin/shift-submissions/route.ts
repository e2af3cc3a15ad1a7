import { yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { storeQuery } from '#app/staff-area/calls.server';

/** GET /api/admin/shift-submissions?store_id&month (admin): the month's wishes by person and day. */
export const loader = jsonCall({
  query: storeQuery.extend({ month: yearMonthSchema }),
  handle: ({ query, queries }) => queries.shifts.submissions(query.store_id, query.month),
});

export type Answer = AnswerOf<typeof loader>;

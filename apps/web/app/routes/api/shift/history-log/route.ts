import { yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';

/**
 * GET /api/shift/history-log?store_id&month=YYYY-MM: the month's corrections, newest first — the
 * spec's id, shift_date, user_id, shift_type, before_value, after_value, reason, timestamp, plus
 * the names of the person and of who changed it (read from the ShiftCorrected events).
 */
export const loader = jsonCall({
  query: storeQuery.extend({ month: yearMonthSchema }),
  async handle(input) {
    await actingMember(input, input.query.store_id);
    return input.queries.shifts.history(input.query.store_id, input.query.month);
  },
});

export type Answer = AnswerOf<typeof loader>;

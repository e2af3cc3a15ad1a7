import { yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { firstEditableDate } from '@moncafe/domain/shift/rules';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';

/**
 * GET /api/admin/shifts/all?store_id[&month]: the schedule's shifts (id, user_id, shift_date,
 * start_time, end_time, store_id), with the store's recruit times and the server's Tokyo date,
 * so a screen offers the right times and knows the first day it may still correct.
 */
export const loader = jsonCall({
  query: storeQuery.extend({ month: yearMonthSchema.optional() }),
  async handle(input) {
    const { query, queries, runtime } = input;
    await actingMember(input, query.store_id);
    const today = tokyoDateOf(runtime.clock.now());
    const [shifts, recruit] = await Promise.all([queries.shifts.scheduled(query.store_id, query.month), queries.shifts.recruitTimes(query.store_id)]);
    return { shifts, recruit_times: recruit, today, first_editable_date: firstEditableDate(today) };
  },
});

export type Answer = AnswerOf<typeof loader>;

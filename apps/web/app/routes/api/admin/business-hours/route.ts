import { z } from 'zod';
import { isDateRange, isoDateSchema, yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { monthRange, tokyoDateOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { businessHoursAnswer } from '#app/http/site-answers';

const isoDate = isoDateSchema;
/** The spec's longest use is today to two months ahead; a year is plenty and bounds the work. */
const maxDays = 400;

const querySchema = z
  .object({
    store_id: recordIdSchema.optional(),
    month: yearMonthSchema.optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.month !== undefined && (q.start_date !== undefined || q.end_date !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'give month or start_date and end_date, not both' });
    }
    if ((q.start_date === undefined) !== (q.end_date === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.start_date === undefined ? 'start_date' : 'end_date'], message: 'start_date and end_date go together' });
    }
    if (q.start_date !== undefined && q.end_date !== undefined && !isDateRange(q.start_date, q.end_date, maxDays)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `end_date on or after start_date, at most ${maxDays} days` });
    }
  });

/**
 * GET /api/admin/business-hours?month=YYYY-MM | ?start_date&end_date | (nothing: this month),
 * optional store_id: a map by date of { is_closed, open_time, close_time, isHoliday }.
 */
export const loader = jsonCall({
  answer: businessHoursAnswer,
  query: querySchema,
  cache: 'businessHours',
  async handle({ query, queries, runtime }) {
    const range =
      query.start_date !== undefined && query.end_date !== undefined
        ? { start: query.start_date, end: query.end_date }
        : monthRange(yearMonthOf(query.month ? `${query.month}-01` : tokyoDateOf(runtime.clock.now())));
    const days = await queries.businessHours.days({ storeId: query.store_id ?? null, ...range });
    return days ?? refuse(404, 'not found', { message: 'store not found' });
  },
});

export type Answer = AnswerOf<typeof loader>;

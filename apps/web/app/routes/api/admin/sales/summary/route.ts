import { z } from 'zod';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { monthToDate } from '#app/admin-area/sales-range';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/admin/sales/summary?store_id (admin): the admin home's sales figures, the month so far against the same days before, and whether today is closed. */
export const loader = jsonCall({
  query: z.object({ store_id: recordIdSchema }),
  async handle({ query, queries, runtime }) {
    const today = tokyoDateOf(runtime.clock.now());
    const [report, close] = await Promise.all([
      queries.sales.report({ storeId: query.store_id, ...monthToDate(today) }, 'month'),
      queries.register.close(query.store_id, today),
    ]);
    return { today, range: report.range, totals: report.totals, previous: report.previous, todayClosed: close !== undefined };
  },
});

export type Answer = AnswerOf<typeof loader>;

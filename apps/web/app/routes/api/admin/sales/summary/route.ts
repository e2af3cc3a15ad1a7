import { z } from 'zod';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { monthToDate } from '#app/admin-area/sales-range';
import { salesSummary } from '#app/admin-area/sales-summary.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/**
 * GET /api/admin/sales/summary?store_id[&scope=all] (admin): the admin home's sales figures, the
 * month so far against the same days before, and whether today is closed; `scope=all` (全店舗,
 * decision 413): every store together, each open store's figures beside them.
 */
export const loader = jsonCall({
  query: z.object({ store_id: recordIdSchema, scope: z.enum(['store', 'all']).default('store') }),
  store: ({ query }) => (query.scope === 'all' ? null : query.store_id),
  handle({ query, queries, runtime }) {
    const today = tokyoDateOf(runtime.clock.now());
    return salesSummary(queries, query.scope === 'all' ? null : query.store_id, today, monthToDate(today));
  },
});

export type Answer = AnswerOf<typeof loader>;

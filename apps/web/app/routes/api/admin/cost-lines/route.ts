import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { costLineSchema } from '@moncafe/domain/catalog/kinds';
import { costFieldLabels } from '#app/admin-area/texts';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dayQuery } from '#app/admin-area/calls.server';
import { createCall } from '#app/staff-area/catalog-calls.server';

/**
 * GET /api/admin/cost-lines?store_id&date (admin): the store's ingredient cost lines, each menu
 * item's cost and margin, and the margin of the date's orders (decision 122). POST: a new line.
 */
export const loader = jsonCall({
  query: dayQuery,
  handle: async ({ query, queries, runtime }) => {
    const report = await queries.costs.report(query.store_id, query.date ?? tokyoDateOf(runtime.clock.now()));
    return { ...report, lines: report.lines.map((l) => ({ ...l })) };
  },
});
export const action = createCall('cost-line', costLineSchema, undefined, costFieldLabels);

export type Answer = AnswerOf<typeof loader>;

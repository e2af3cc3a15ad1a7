import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dayQuery } from '#app/admin-area/calls.server';
import { daySummary } from '#app/admin-area/day-summary.server';

/** GET /api/admin/day-summary?store_id&date (admin): the admin home's day at a glance (date: today in Tokyo by default). */
export const loader = jsonCall({
  query: dayQuery,
  store: ({ query }) => query.store_id,
  handle: ({ query, queries, runtime }) => {
    const now = runtime.clock.now();
    return daySummary(queries, query.store_id, query.date ?? tokyoDateOf(now), now);
  },
});

export type Answer = AnswerOf<typeof loader>;

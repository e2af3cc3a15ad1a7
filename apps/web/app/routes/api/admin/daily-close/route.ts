import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { dayQuery } from '#app/admin-area/calls.server';
import { dailyCloseView } from '#app/admin-area/daily-close-view.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/admin/daily-close?store_id&date (admin): the /admin/daily-close screen's day as JSON (date: today in Tokyo by default). */
export const loader = jsonCall({
  query: dayQuery,
  store: ({ query }) => query.store_id,
  handle: ({ query, services, queries, runtime }) => dailyCloseView(services, queries, query.store_id, query.date ?? tokyoDateOf(runtime.clock.now())),
});

export type Answer = AnswerOf<typeof loader>;

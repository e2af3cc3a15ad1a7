import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { kitchenTickets } from '#app/table-order/kitchen-tickets.server';
import { storeIdSchema } from '#app/table-order/call-schemas';

/** GET /api/orders/completed[?store_id][&date]: orders completed on a day (today in Tokyo by default), newest first (monitor/admin). */
export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional(), date: isoDateSchema.optional() }),
  async handle({ query, queries, runtime }) {
    const storeId = query.store_id ?? (await queries.stores.default())?.store_id ?? refuse(404, callTexts.noStore);
    const date = query.date ?? tokyoDateOf(runtime.clock.now());
    return { success: true as const, store_id: storeId, date, orders: kitchenTickets(await queries.orders.completedTickets(storeId, date)) };
  },
});

export type Answer = AnswerOf<typeof loader>;

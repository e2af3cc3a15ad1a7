import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { kitchenTickets, seatedCourseParties } from '#app/table-order/kitchen-tickets.server';
import { storeIdSchema } from '#app/table-order/call-schemas';

/** GET /api/orders/ready[?store_id]: the kitchen's orders waiting to be made, oldest first, each with its party, the parties seated with a booked course, and the store's timer thresholds (monitor/admin). */
export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional() }),
  async handle({ query, queries, services, runtime }) {
    const storeId = query.store_id ?? (await queries.stores.default())?.store_id ?? refuse(404, callTexts.noStore);
    const limits = await services.ordering.limits(storeId);
    // `now`: the server's clock, so a ticket's timer does not depend on the tablet's; `thresholds`: the store's (decision 350).
    return {
      success: true as const,
      store_id: storeId,
      now: runtime.clock.now().toISOString(),
      thresholds: { warn_minutes: limits.ticket_warn_minutes, late_minutes: limits.ticket_late_minutes },
      orders: kitchenTickets(await queries.orders.readyTickets(storeId)),
      /** Parties seated with a booked course (decision 630): the course and its options, before any order. */
      courses: await seatedCourseParties(queries, storeId, tokyoDateTime(runtime.clock.now()).date, runtime.clock.now()),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;

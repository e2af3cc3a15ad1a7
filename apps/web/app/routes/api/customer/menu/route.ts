import { z } from 'zod';
import { tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { reservationCourses } from '#app/reservation/courses.server';
import { storeClaimSchema } from '#app/reservation/call-schemas';
import { coursesAnswer } from '#app/http/site-answers';

/**
 * GET /api/customer/menu[?store_id]: the reservation courses (menu items with show_on_reservation)
 * of the chosen open store (a claim, checked: decision 406), else of the first open store.
 */
export const loader = jsonCall({
  answer: coursesAnswer,
  query: z.object({ store_id: storeClaimSchema }),
  async handle({ query, queries, runtime }) {
    const store = query.store_id ? await queries.stores.get(query.store_id) : null;
    if (query.store_id && (!store || store.closed_on !== null)) refuse(404, callTexts.unknownStore);
    return {
      menus: (await reservationCourses(queries, tokyoDateTime(runtime.clock.now()).date, 'ja', store?.store_id ?? null)) ?? refuse(404, callTexts.noStore),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;

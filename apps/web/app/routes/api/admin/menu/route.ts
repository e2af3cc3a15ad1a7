import { z } from 'zod';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { menuAnswer } from '#app/http/site-answers';

/**
 * GET /api/admin/menu[?store_id]: the menu array (public menu, reservation deadlines and course
 * lists all read it), each item with its category resolved on the server and its stock fields
 * (manage_stock, quantity, is_sold_out; spec §3). A public answer: items shown nowhere to
 * customers are left out (the admin area reads them through its own calls). Without store_id,
 * every store's items. The QR order page reads its live menu from /api/orders/menu instead.
 * Each item also carries the prices a guest is shown, tax included, eaten in and taken away
 * (`price_with_tax`, `takeout_price_with_tax`; decision 518); `price` stays as the owner entered it.
 */
export const loader = jsonCall({
  answer: menuAnswer,
  query: z.object({ store_id: recordIdSchema.optional() }),
  cache: 'menu',
  handle: ({ query, queries, runtime }) =>
    queries.stock.menuWithPrices(
      { visibleOn: 'customers', ...(query.store_id === undefined ? {} : { storeId: query.store_id }) },
      tokyoDateOf(runtime.clock.now()),
    ),
});

export type Answer = AnswerOf<typeof loader>;

import { z } from 'zod';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { DEFAULT_ORDER_STORE_ID, storeIdSchema } from '#app/table-order/call-schemas';

/**
 * GET /api/orders/menu[?store_id]: what the QR order page offers now — items shown on the order
 * page that are not counted, or counted with some left and not marked sold out — each with
 * `orderable: true` and `few_left` (counted, at most FEW_LEFT left). Never the store's stock
 * counts (decision 534): how many cakes are left is the kitchen's business (/api/admin/menu-stock),
 * not every phone's. Each carries the prices a guest is shown, tax included, eaten in and taken
 * away (`price_with_tax`, `takeout_price_with_tax`; decision 518). Never cached: a sold-out item must
 * leave the screen at once (decision 065; the public /api/admin/menu answer may be an hour old).
 */
/** At most this many left, the order page says 残りわずか (staff's view of it says how many). */
const FEW_LEFT = 5;

export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional() }),
  async handle({ query, queries, runtime }) {
    const storeId = query.store_id ?? DEFAULT_ORDER_STORE_ID;
    if (!(await queries.stores.get(storeId))) refuse(404, callTexts.noStore);
    const menus = (await queries.stock.orderMenu(storeId, tokyoDateOf(runtime.clock.now()))).map(
      ({ quantity, manage_stock, is_sold_out: _soldOut, ...item }) => ({
        ...item,
        orderable: true as const,
        few_left: manage_stock === 1 && quantity <= FEW_LEFT,
      }),
    );
    return { success: true as const, store_id: storeId, menus };
  },
});

export type Answer = AnswerOf<typeof loader>;

import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { DEFAULT_ORDER_STORE_ID, storeIdSchema } from '#app/table-order/call-schemas';

/**
 * GET /api/orders/menu[?store_id]: what the QR order page offers now — items shown on the order
 * page that are not counted, or counted with some left and not marked sold out — each with
 * `orderable: true`. Never the store's stock counts (decision 534): how many cakes are left is the
 * kitchen's business (/api/admin/menu-stock), not every phone's. Never cached: a sold-out item must
 * leave the screen at once (decision 065; the public /api/admin/menu answer may be an hour old).
 */
export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional() }),
  async handle({ query, queries }) {
    const storeId = query.store_id ?? DEFAULT_ORDER_STORE_ID;
    if (!(await queries.stores.get(storeId))) refuse(404, callTexts.noStore);
    const menus = (await queries.stock.orderMenu(storeId)).map(({ quantity: _quantity, manage_stock: _counted, is_sold_out: _soldOut, ...item }) => ({
      ...item,
      orderable: true as const,
    }));
    return { success: true as const, store_id: storeId, menus };
  },
});

export type Answer = AnswerOf<typeof loader>;

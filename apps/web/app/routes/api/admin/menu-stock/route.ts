import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { storeIdSchema } from '#app/table-order/call-schemas';
import { stockErrors } from '#app/table-order/call-errors';
import { stockSettingSchema, stockSettingOf } from '#app/table-order/stock-schemas';

/** GET /api/admin/menu-stock[?store_id]: the stock editor's list, every item of the order page with manage_stock, quantity, is_sold_out (monitor/admin). */
export const loader = jsonCall({
  query: z.object({ store_id: storeIdSchema.optional() }),
  async handle({ query, queries }) {
    const storeId = query.store_id ?? (await queries.stores.default())?.store_id ?? refuse(404, callTexts.noStore);
    return { success: true as const, store_id: storeId, items: await queries.stock.ofStore(storeId) };
  },
});

/** POST /api/admin/menu-stock {store_id, items [{menu_id, quantity, is_sold_out, manage_stock, expected_quantity?}]}: saves several items at once. */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    store_id: storeIdSchema,
    items: z
      .array(stockSettingSchema.extend({ menu_id: recordIdSchema }))
      .min(1)
      .max(500),
  }),
  errors: stockErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const saved = await services.stock.set({
      storeId: body.store_id,
      settings: body.items.map((i) => stockSettingOf(i.menu_id, i)),
      actor: (await caller()).id,
      correlationId,
    });
    await readYourWrites(saved.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type SaveAnswer = AnswerOf<typeof action>;

import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { stockErrors } from '#app/table-order/call-errors';
import { stockSettingSchema, stockSettingOf } from '#app/table-order/stock-schemas';
import { stockTexts } from '#app/table-order/staff-texts';

function menuIdOf(params: Readonly<Record<string, string | undefined>>): string {
  const id = recordIdSchema.safeParse(params.id);
  return id.success ? id.data : refuse(400, 'invalid id', { field: 'id' });
}

/** GET /api/admin/menu-stock/{id}: one item's stock fields (monitor/admin). */
export const loader = jsonCall({
  async handle({ params, queries }) {
    const menuId = menuIdOf(params);
    const [item] = await queries.stock.menu({ ids: [menuId] });
    if (!item) refuse(404, stockTexts.saveFailed, { message: 'menu not found' });
    return { success: true as const, item };
  },
});

/** POST /api/admin/menu-stock/{id} {quantity, is_sold_out, manage_stock, expected_quantity?}: sets one item (409 `stock_changed` when orders changed the count the editor showed). */
export const action = jsonCall({
  idempotent: true,
  body: stockSettingSchema,
  errors: stockErrors,
  async handle({ params, body, queries, services, caller, correlationId, readYourWrites }) {
    const menuId = menuIdOf(params);
    const [item] = await queries.stock.menu({ ids: [menuId] });
    if (!item) refuse(404, stockTexts.saveFailed, { message: 'menu not found' });
    const saved = await services.stock.set({
      storeId: item.store_id,
      settings: [stockSettingOf(menuId, body)],
      actor: (await caller()).id,
      correlationId,
    });
    await readYourWrites(saved.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type SaveAnswer = AnswerOf<typeof action>;

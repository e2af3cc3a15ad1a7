import { z } from 'zod';
import type { StockSetting } from '@moncafe/domain/stock/stock-editor-service';

/** One item's stock fields as the spec's calls send them (manage_stock and is_sold_out as 0/1 or booleans). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

export const stockSettingSchema = z.object({
  /** Spec §5: a non-negative integer. */
  quantity: z.number().int().min(0).max(1_000_000),
  is_sold_out: flag,
  manage_stock: flag,
  /** The count the editor showed; a save over a count that orders changed is refused. */
  expected_quantity: z.number().int().min(0).nullable().optional(),
});

export function stockSettingOf(menuId: string, body: z.output<typeof stockSettingSchema>): StockSetting {
  return { menuId, manageStock: body.manage_stock, quantity: body.quantity, isSoldOut: body.is_sold_out, expectedQuantity: body.expected_quantity ?? null };
}

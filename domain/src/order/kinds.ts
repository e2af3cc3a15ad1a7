import { z } from 'zod';
import { kind, onePerStore, storeId } from '../catalog/kinds';
import { DEFAULT_TAX_RULE, TAX_ROUNDINGS } from './tax';

/** The order context's reference data: the store's tax and what a table may order, registered with the catalog (catalog/registry.ts). */

/** A store's tax at checkout (/admin/tax-management); one per store, its id is the store id. Its defaults are the spec's rule, DEFAULT_TAX_RULE (tax.ts). */
export const taxSchema = z.object({
  store_id: storeId,
  rate_percent: z.int().min(0).max(100).default(DEFAULT_TAX_RULE.ratePercent),
  rounding: z.enum(TAX_ROUNDINGS).default(DEFAULT_TAX_RULE.rounding),
  /** Menu prices already include tax: checkout shows the tax contained in the total. */
  prices_include_tax: z.boolean().default(DEFAULT_TAX_RULE.pricesIncludeTax),
});

// --- Order limits at the table (issue 25 item 4, decision 155) -------------------------------

/**
 * What a table's phones may order (/admin/order-limits); one per store, its id is the store id.
 * The defaults are far above what a real table does: a flood or a typo meets them, a party never.
 */
export const orderLimitsSchema = z.object({
  store_id: storeId,
  /** Orders all phones of one visit may place in a minute. */
  per_visit_per_minute: z.int().min(1).max(60).default(12),
  /** Orders one phone (table-order token) may place in a minute. */
  per_token_per_minute: z.int().min(1).max(60).default(6),
  /** Lines (items) one order may have, per person of the party. */
  lines_per_person: z.int().min(1).max(50).default(5),
  /** How many of one item one order may take, per person of the party. */
  quantity_per_person: z.int().min(1).max(99).default(5),
  /** Yen (before tax): a guest's order above this is refused with a call for staff, who place it from the monitor. */
  staff_above_yen: z.int().min(0).max(10_000_000).default(30_000),
});

export type TaxData = z.output<typeof taxSchema>;
export type OrderLimitsData = z.output<typeof orderLimitsSchema>;

export const orderKinds = {
  tax: kind({ schema: taxSchema, recordId: onePerStore }),
  'order-limits': kind({ schema: orderLimitsSchema, recordId: onePerStore }),
};

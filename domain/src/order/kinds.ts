import { registrationNumberSchema } from '../billing/registration-number';
import { isoDateSchema } from '../calendar/date-schemas';
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
  /** The reduced rate (軽減税率) for `reduced` items taken away (decision 240). */
  reduced_rate_percent: z.int().min(0).max(100).default(8),
  /** A rate change entered ahead: from this date the two rates are these (old receipts keep theirs). */
  next_rates: z
    .object({ effective_from: isoDateSchema, rate_percent: z.int().min(0).max(100), reduced_rate_percent: z.int().min(0).max(100) })
    .nullable()
    .default(null),
  /** The issuer named on receipts (適格簡易請求書), empty: the store's name. */
  issuer_name: z.string().trim().max(100).default(''),
  /** 適格請求書発行事業者登録番号: `T` + 13 digits with the corporate-number check digit. */
  registration_number: registrationNumberSchema.nullable().default(null),
});

// --- Order limits at the table (decision 155) ---------------------------------------------------

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
  /** Minutes a kitchen ticket waits before its timer turns amber, then red (decision 350; 10 and 20 were constants). */
  ticket_warn_minutes: z.int().min(1).max(120).default(10),
  ticket_late_minutes: z.int().min(1).max(240).default(20),
});

export type TaxData = z.output<typeof taxSchema>;
export type OrderLimitsData = z.output<typeof orderLimitsSchema>;

export const orderKinds = {
  tax: kind({ schema: taxSchema, recordId: onePerStore }),
  'order-limits': kind({ schema: orderLimitsSchema, recordId: onePerStore }),
};

import { z } from 'zod';
import { kind, onePerStore, storeId, text } from '../catalog/kinds';
import { discountKindSchema } from './events';

/**
 * Billing's reference data, registered with the catalog (catalog/registry.ts): the discounts the
 * owner keeps ready for the register (decision 642), one list per store, its id the store id.
 * Staff give one with a tap; its name is the discount's reason on the bill and the receipt.
 */
export const discountPresetSchema = z
  .object({
    name: text(40),
    kind: discountKindSchema,
    value: z.int().min(1).max(10_000_000),
  })
  .refine((p) => p.kind !== 'percent' || p.value <= 100, { path: ['value'] });

export const discountPresetsSchema = z.object({
  store_id: storeId,
  presets: z.array(discountPresetSchema).max(12).default([]),
});

export type DiscountPresetsData = z.output<typeof discountPresetsSchema>;

export const billingKinds = {
  'discount-presets': kind({ schema: discountPresetsSchema, recordId: onePerStore, nameFields: ['presets.*.name'] }),
};

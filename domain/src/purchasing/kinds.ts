import { z } from 'zod';
import { displayOrder, kind, optionalText, storeId, text } from '../catalog/kinds';

/** The purchasing context's reference data (decision 085), registered with the catalog (catalog/registry.ts). */

export const orderRuleSchema = z.object({
  store_id: storeId,
  rule_content: text(1000),
  display_order: displayOrder,
});

/**
 * A supplier's web shop account. The password is sealed (AES-256-GCM with the deployment's key,
 * decision 083) before it reaches an event: events, the bus and the read model hold only the
 * sealed text, and staff reveal it through a call that records who did.
 */
export const supplierSchema = z.object({
  store_id: storeId,
  supplier_name: text(100),
  login_id: optionalText(200),
  password_sealed: z.string().max(2000).nullable().default(null),
  display_order: displayOrder,
});

export const purchaseItemSchema = z.object({
  store_id: storeId,
  supplier: text(100),
  product_name: text(200),
  purchase_url: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/, 'an http(s) URL')
    .nullable()
    .default(null),
  notes: z.string().trim().max(1000).default(''),
  display_order: displayOrder,
});

export type OrderRuleData = z.output<typeof orderRuleSchema>;
export type SupplierData = z.output<typeof supplierSchema>;
export type PurchaseItemData = z.output<typeof purchaseItemSchema>;

export const purchasingKinds = {
  'order-rule': kind({ schema: orderRuleSchema }),
  supplier: kind({ schema: supplierSchema, nameFields: ['supplier_name', 'login_id'] }),
  'purchase-item': kind({ schema: purchaseItemSchema, nameFields: ['supplier', 'product_name'] }),
};

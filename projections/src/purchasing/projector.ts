import { assertNever } from '@moncafe/domain/decider';
import { PURCHASING_CATEGORY, fromStreamName, parsePurchasingEvent } from '@moncafe/domain/purchasing/events';
import { catalogProjector, catalogTable } from '../catalog-projector';
import type { Projector } from '../projector';

/** Order rules, suppliers and purchase items: an upsert per save and a delete per removal. */
export const purchasingProjector = catalogProjector('purchasing', [
  catalogTable({ kind: 'order-rule', table: 'order_rules', key: 'id', row: (id, data) => ({ id, ...data }) }),
  catalogTable({ kind: 'supplier', table: 'suppliers', key: 'id', row: (id, data) => ({ id, ...data }) }),
  catalogTable({ kind: 'purchase-item', table: 'purchase_items', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);

/** One row per password reveal, keyed by its event. */
export const supplierRevealsProjector: Projector = {
  name: 'supplier-password-reveals',
  tables: ['supplier_password_reveals'],
  categories: [PURCHASING_CATEGORY],
  handles: (event) => event.type === 'SupplierPasswordRevealed' && fromStreamName(event.streamId) !== null,
  async apply(rows, recorded) {
    const event = parsePurchasingEvent(recorded);
    if (!event) return;
    switch (event.type) {
      case 'SupplierPasswordRevealed':
        await rows.table('supplier_password_reveals', 'id').insertIfAbsent({
          id: recorded.eventId,
          supplier_id: event.data.supplierId,
          revealed_by: event.data.by,
          revealed_at: new Date(event.data.revealedAt),
        });
        return;
      default:
        assertNever(event.type);
    }
  },
};

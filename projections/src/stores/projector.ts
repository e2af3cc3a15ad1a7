import { catalogProjector, catalogTable } from '../catalog-projector';

/**
 * Stores: an upsert per save and a delete per removal, both harmless when replayed. The table
 * check-in mode (decision 151) is decided from the store's own stream, so the row leaves it out.
 */
export const storesProjector = catalogProjector('stores', [
  catalogTable({
    kind: 'store',
    table: 'stores',
    key: 'store_id',
    row: (id, data) => {
      // Decisions that use the sign-in and retention settings read them from the store's stream (decisions 540, 620); the row shows them to the admin.
      const { table_check_in: _mode, ...columns } = data as Record<string, unknown>;
      return { store_id: id, ...columns };
    },
  }),
]);

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
      // The sign-in and retention settings are read from the store's stream where they are used (decision 540).
      const { table_check_in: _mode, second_factor_for_staff: _factor, wage_retention_years: _years, ...columns } = data as Record<string, unknown>;
      return { store_id: id, ...columns };
    },
  }),
]);

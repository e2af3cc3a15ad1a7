import { catalogProjector, catalogTable } from '../catalog-projector';

/** Tax rules: an upsert per save and a delete per removal, both harmless when replayed. */
export const taxProjector = catalogProjector('tax-settings', [
  catalogTable({ kind: 'tax', table: 'tax_settings', key: 'store_id', row: (_id, data) => ({ ...data }) }),
]);

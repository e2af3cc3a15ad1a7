import { catalogProjector, catalogTable } from '../catalog-projector';

/** Stores: an upsert per save and a delete per removal, both harmless when replayed. */
export const storesProjector = catalogProjector('stores', [
  catalogTable({ kind: 'store', table: 'stores', key: 'store_id', row: (id, data) => ({ store_id: id, ...data }) }),
]);

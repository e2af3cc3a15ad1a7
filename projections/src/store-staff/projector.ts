import { catalogProjector, catalogTable } from '../catalog-projector';

/** Store staff: an upsert per save and a delete per removal, harmless when replayed. */
export const storeStaffProjector = catalogProjector('store-staff', [
  catalogTable({ kind: 'store-staff', table: 'store_staff', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);

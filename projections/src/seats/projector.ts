import { catalogProjector, catalogTable } from '../catalog-projector';

/** Seats: an upsert per save and a delete per removal, both harmless when replayed. */
export const seatsProjector = catalogProjector('seats', [
  catalogTable({
    kind: 'seat',
    table: 'seats',
    key: 'id',
    row: (id, data) => ({ id, ...data }),
  }),
]);

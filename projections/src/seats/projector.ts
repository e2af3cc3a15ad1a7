import { catalogProjector, catalogTable } from '../catalog-projector';

/** Seats: an upsert per save and a delete per removal, both harmless when replayed. */
export const seatsProjector = catalogProjector('seats', [
  catalogTable({
    kind: 'seat',
    table: 'seats',
    key: 'id',
    row: (id, { adjacent_seat_ids, ...rest }) => ({ id, ...rest, adjacent_seat_ids: JSON.stringify(adjacent_seat_ids) }),
  }),
]);

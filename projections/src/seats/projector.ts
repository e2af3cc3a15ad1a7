import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Seats: an upsert per save and a delete per removal, both harmless when replayed. */
export const seatsProjector: Projector = {
  name: 'seats',
  tables: ['seats'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['seat']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      await trx.deleteFrom('seats').where('id', '=', event.data.id).execute();
      return;
    }
    if (event.data.kind !== 'seat') return;
    const { adjacent_seat_ids, ...rest } = event.data.data;
    const row = { id: event.data.id, ...rest, adjacent_seat_ids: JSON.stringify(adjacent_seat_ids) };
    await trx
      .insertInto('seats')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  },
};

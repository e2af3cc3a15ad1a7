import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Stores: an upsert per save and a delete per removal, both harmless when replayed. */
export const storesProjector: Projector = {
  name: 'stores',
  tables: ['stores'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['store']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      await trx.deleteFrom('stores').where('store_id', '=', event.data.id).execute();
      return;
    }
    if (event.data.kind !== 'store') return;
    const row = { store_id: event.data.id, ...event.data.data };
    await trx
      .insertInto('stores')
      .values(row)
      .onConflict((oc) => oc.column('store_id').doUpdateSet(row))
      .execute();
  },
};

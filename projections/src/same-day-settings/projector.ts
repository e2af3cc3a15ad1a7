import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Same-day settings (record id = store id): upsert or delete, harmless when replayed. */
export const sameDaySettingsProjector: Projector = {
  name: 'same-day-settings',
  tables: ['same_day_settings'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['same-day-settings']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      await trx.deleteFrom('same_day_settings').where('store_id', '=', event.data.id).execute();
      return;
    }
    if (event.data.kind !== 'same-day-settings') return;
    const row = { ...event.data.data };
    await trx
      .insertInto('same_day_settings')
      .values(row)
      .onConflict((oc) => oc.column('store_id').doUpdateSet(row))
      .execute();
  },
};

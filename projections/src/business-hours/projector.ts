import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Business-hour rules: an upsert per save and a delete per removal, harmless when replayed. */
export const businessHoursProjector: Projector = {
  name: 'business-hours',
  tables: ['business_hours'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['business-hours']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      await trx.deleteFrom('business_hours').where('id', '=', event.data.id).execute();
      return;
    }
    if (event.data.kind !== 'business-hours') return;
    const data = event.data.data;
    const row = {
      id: event.data.id,
      store_id: data.store_id,
      rule: data.rule,
      weekday: data.rule === 'weekday' ? data.weekday : null,
      date: data.rule === 'date' ? data.date : null,
      // A closed day keeps no times, so readers never show hours for it.
      open_time: data.is_closed ? null : data.open_time,
      close_time: data.is_closed ? null : data.close_time,
      is_closed: data.is_closed,
    };
    await trx
      .insertInto('business_hours')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  },
};

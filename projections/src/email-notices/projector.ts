import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Notices: an upsert per save and a delete per removal, harmless when replayed. */
export const emailNoticesProjector: Projector = {
  name: 'email-notices',
  tables: ['email_notices'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['notice']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      await trx.deleteFrom('email_notices').where('id', '=', event.data.id).execute();
      return;
    }
    if (event.data.kind !== 'notice') return;
    const row = { id: event.data.id, ...event.data.data };
    await trx
      .insertInto('email_notices')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  },
};

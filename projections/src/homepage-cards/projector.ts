import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Homepage cards: an upsert per save and a delete per removal, harmless when replayed. */
export const homepageCardsProjector: Projector = {
  name: 'homepage-cards',
  tables: ['homepage_cards'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['homepage-card']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      await trx.deleteFrom('homepage_cards').where('id', '=', event.data.id).execute();
      return;
    }
    if (event.data.kind !== 'homepage-card') return;
    const row = { id: event.data.id, ...event.data.data };
    await trx
      .insertInto('homepage_cards')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  },
};

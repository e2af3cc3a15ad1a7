import { toCatalogEvent } from '@moncafe/domain/catalog/decider';
import type { Projector } from '../projector';

/** Menus, options and dependencies: upserts and deletes by record id, harmless when replayed. */
export const menusProjector: Projector = {
  name: 'menus',
  tables: ['menu_items', 'menu_options', 'menu_option_dependencies'],
  async apply(trx, recorded) {
    const event = toCatalogEvent(recorded, ['menu', 'menu-option', 'option-dependency']);
    if (!event) return;
    if (event.type === 'RecordRemoved') {
      const { kind, id } = event.data;
      if (kind === 'menu') await trx.deleteFrom('menu_items').where('id', '=', id).execute();
      if (kind === 'menu-option') await trx.deleteFrom('menu_options').where('option_id', '=', id).execute();
      if (kind === 'option-dependency') await trx.deleteFrom('menu_option_dependencies').where('id', '=', id).execute();
      return;
    }
    const saved = event.data;
    if (saved.kind === 'menu') {
      const row = { id: saved.id, ...saved.data };
      await trx
        .insertInto('menu_items')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    } else if (saved.kind === 'menu-option') {
      const row = { option_id: saved.id, ...saved.data, choices: JSON.stringify(saved.data.choices) };
      await trx
        .insertInto('menu_options')
        .values(row)
        .onConflict((oc) => oc.column('option_id').doUpdateSet(row))
        .execute();
    } else if (saved.kind === 'option-dependency') {
      const row = { id: saved.id, ...saved.data };
      await trx
        .insertInto('menu_option_dependencies')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
  },
};

import { sql, type Kysely } from 'kysely';
import type { MenuDirectory } from '@moncafe/domain/catalog/menu-editor-service';
import type { Database } from '../database';

/**
 * The menu editor's read port (domain/src/catalog/menu-editor-service.ts): what names a menu item — a
 * reservation's course (`menu_id`) or cart line (`lines[].menuId`), any status, and a table
 * order's line — and the options and dependencies that belong to it.
 */
export function menuDirectory(db: Kysely<Database>): MenuDirectory {
  return {
    async usage(menuId) {
      const line = JSON.stringify([{ menuId }]);
      const item = JSON.stringify([{ menu_id: menuId }]);
      const [reservations, orders] = await Promise.all([
        db
          .selectFrom('reservations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where((eb) => eb.or([eb('menu_id', '=', menuId), sql<boolean>`lines @> ${line}::jsonb`]))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(sql<boolean>`items @> ${item}::jsonb`)
          .executeTakeFirstOrThrow(),
      ]);
      return { reservations: Number(reservations.n), orders: Number(orders.n) };
    },
    async partsOf(menuId) {
      const [options, dependencies] = await Promise.all([
        db.selectFrom('menu_options').select('option_id').where('menu_id', '=', menuId).execute(),
        db.selectFrom('menu_option_dependencies').select('id').where('menu_id', '=', menuId).execute(),
      ]);
      return { optionIds: options.map((o) => o.option_id), dependencyIds: dependencies.map((d) => d.id) };
    },
    async dependenciesOfOption(optionId) {
      const rows = await db
        .selectFrom('menu_option_dependencies')
        .select('id')
        .where((eb) => eb.or([eb('parent_option_id', '=', optionId), eb('child_option_id', '=', optionId)]))
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';
import { listMenuItems } from '../menus/queries';
import { ordersOfDay } from '../orders/queries';
import { dayMargin, itemMargins } from './margins';

export type CostLine = Selectable<Database['cost_lines']>;

/** A store's cost lines, by menu item then display order. */
export async function listCostLines(db: Kysely<Database>, storeId: string): Promise<CostLine[]> {
  return db.selectFrom('cost_lines').selectAll().where('store_id', '=', storeId).orderBy('menu_id').orderBy('display_order').orderBy('id').execute();
}

/** Cost management's figures: each menu item's cost and margin, and the margin of a Tokyo date's orders. */
export async function costReport(db: Kysely<Database>, storeId: string, date: string) {
  const [menus, lines, orders] = await Promise.all([listMenuItems(db, { storeId }), listCostLines(db, storeId), ordersOfDay(db, storeId, date)]);
  return {
    lines,
    items: itemMargins(menus, lines),
    day: {
      date,
      ...dayMargin(
        orders.flatMap((o) => o.items),
        lines,
      ),
    },
  };
}

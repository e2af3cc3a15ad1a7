import type { Kysely } from 'kysely';
import { isOrderable } from '@moncafe/domain/stock/decider';
import type { Database } from '../database';
import { listMenuItems, type MenuFilter, type MenuItem } from '../menus/queries';

/** The spec's stock fields of a menu item (operations.md §3): manage_stock and is_sold_out as 0/1. */
export interface StockFields {
  manage_stock: 0 | 1;
  quantity: number;
  is_sold_out: 0 | 1;
}

export type MenuItemWithStock = MenuItem & StockFields;

const UNCOUNTED: StockFields = { manage_stock: 0, quantity: 0, is_sold_out: 0 };

async function stockRows(db: Kysely<Database>, menuIds: readonly string[]): Promise<Map<string, StockFields>> {
  if (menuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('menu_stock')
    .selectAll()
    .where('menu_id', 'in', [...menuIds])
    .execute();
  return new Map(
    rows.map((r) => [r.menu_id, { manage_stock: r.manage_stock ? 1 : 0, quantity: r.quantity, is_sold_out: r.is_sold_out ? 1 : 0 } satisfies StockFields]),
  );
}

/** Whether the order page shows the item (spec §2): not counted, or counted with some left and not marked sold out. */
function orderableStock(stock: StockFields): boolean {
  return isOrderable({ manageStock: stock.manage_stock === 1, quantity: stock.quantity, isSoldOut: stock.is_sold_out === 1 });
}

/** Menu items with their stock fields (GET /api/admin/menu): uncounted items answer 0, 0, 0. */
export async function menuItemsWithStock(db: Kysely<Database>, filter: MenuFilter = {}): Promise<MenuItemWithStock[]> {
  const items = await listMenuItems(db, filter);
  const stock = await stockRows(
    db,
    items.map((i) => i.id),
  );
  return items.map((i) => ({ ...i, ...(stock.get(i.id) ?? UNCOUNTED) }));
}

/** The QR order page's menu: items shown on the order page that may be ordered now (spec §2). */
export async function orderMenu(db: Kysely<Database>, storeId: string): Promise<MenuItemWithStock[]> {
  return (await menuItemsWithStock(db, { storeId, visibleOn: 'order' })).filter(orderableStock);
}

/** The stock editor's list: every menu item of the store shown on the order page, with its stock. */
export async function stockOfStore(db: Kysely<Database>, storeId: string): Promise<MenuItemWithStock[]> {
  return menuItemsWithStock(db, { storeId, visibleOn: 'order' });
}

/** Items of a store that are counted and cannot be ordered now (admin home: sold out). */
export async function soldOutItems(db: Kysely<Database>, storeId: string): Promise<MenuItemWithStock[]> {
  return (await menuItemsWithStock(db, { storeId })).filter((i) => i.manage_stock === 1 && !orderableStock(i));
}

import type { Kysely, Selectable } from 'kysely';
import { menuCategory } from '@moncafe/domain/catalog/menu-category';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import type { Database } from '../database';

/**
 * A menu item as the `/api/admin/menu` answer carries it. `category` is always set (the
 * admin's choice, else inferred from the name as /menu does); `saved_category` is what the
 * admin chose, null when they left it to the name.
 */
export type MenuItem = Omit<Selectable<Database['menu_items']>, 'category'> & {
  category: MenuCategory;
  saved_category: MenuCategory | null;
};
/** option_id, menu_id, label, type, required, choices [{id, label, extra_price}], display_order. */
export type MenuOption = Selectable<Database['menu_options']>;
/** id, menu_id, parent_option_id, child_option_id, parent_value, parent_choice_value, is_show. */
export type OptionDependency = Selectable<Database['menu_option_dependencies']>;

function toMenuItem(row: Selectable<Database['menu_items']>): MenuItem {
  return { ...row, category: menuCategory(row), saved_category: row.category };
}

export interface MenuFilter {
  storeId?: string;
  /**
   * Only items shown on /menu, on the reservation course list, on the QR order page, or on any
   * of them (`customers`: what a public answer may carry; items hidden everywhere stay the admin's).
   */
  visibleOn?: 'menu' | 'reservation' | 'order' | 'customers';
  ids?: readonly string[];
}

export async function listMenuItems(db: Kysely<Database>, filter: MenuFilter = {}): Promise<MenuItem[]> {
  let query = db.selectFrom('menu_items').selectAll();
  if (filter.storeId !== undefined) query = query.where('store_id', '=', filter.storeId);
  if (filter.visibleOn === 'menu') query = query.where('show_on_menu', '=', true);
  if (filter.visibleOn === 'reservation') query = query.where('show_on_reservation', '=', true);
  if (filter.visibleOn === 'order') query = query.where('show_on_order', '=', true);
  if (filter.visibleOn === 'customers')
    query = query.where((eb) => eb.or([eb('show_on_menu', '=', true), eb('show_on_reservation', '=', true), eb('show_on_order', '=', true)]));
  if (filter.ids !== undefined) {
    if (filter.ids.length === 0) return [];
    query = query.where('id', 'in', [...filter.ids]);
  }
  const rows = await query.orderBy('display_order').orderBy('id').execute();
  return rows.map(toMenuItem);
}

export async function getMenuItem(db: Kysely<Database>, id: string): Promise<MenuItem | null> {
  const row = await db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toMenuItem(row) : null;
}

/** Options of one or several menus, in display order. */
export async function listMenuOptions(db: Kysely<Database>, menuIds: string | readonly string[]): Promise<MenuOption[]> {
  const ids = typeof menuIds === 'string' ? [menuIds] : [...menuIds];
  if (ids.length === 0) return [];
  return db.selectFrom('menu_options').selectAll().where('menu_id', 'in', ids).orderBy('menu_id').orderBy('display_order').orderBy('option_id').execute();
}

/** Of these menus, the ones that ask for at least one option (the /reservation-details guard). */
export async function menusWithOptions(db: Kysely<Database>, menuIds: readonly string[]): Promise<string[]> {
  if (menuIds.length === 0) return [];
  const rows = await db
    .selectFrom('menu_options')
    .select('menu_id')
    .distinct()
    .where('menu_id', 'in', [...menuIds])
    .orderBy('menu_id')
    .execute();
  return rows.map((r) => r.menu_id);
}

/** The `/api/admin/menu-options/dependencies` answer: every dependency, or one menu's. */
export async function listOptionDependencies(db: Kysely<Database>, menuId?: string): Promise<OptionDependency[]> {
  let query = db.selectFrom('menu_option_dependencies').selectAll();
  if (menuId !== undefined) query = query.where('menu_id', '=', menuId);
  return query.orderBy('menu_id').orderBy('id').execute();
}

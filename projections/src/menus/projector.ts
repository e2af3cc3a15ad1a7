import { catalogProjector, catalogTable } from '../catalog-projector';

/** Menus, options and dependencies: upserts and deletes by record id, harmless when replayed. */
export const menusProjector = catalogProjector('menus', [
  catalogTable({ kind: 'menu', table: 'menu_items', key: 'id', row: (id, data) => ({ id, ...data }) }),
  catalogTable({ kind: 'menu-option', table: 'menu_options', key: 'option_id', row: (option_id, data) => ({ option_id, ...data }) }),
  catalogTable({ kind: 'option-dependency', table: 'menu_option_dependencies', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);

import type { CatalogInput, CatalogKind } from '@moncafe/domain/catalog/registry';

/** How the demo's record lists add a record: a kind, an id and its data. */
export type AddRecord = <K extends CatalogKind>(kind: K, id: string, data: CatalogInput<K>) => void;

export type MenuCategory = CatalogInput<'menu'>['category'];

/** A demo picture's path; the web app serves them from its public folder. */
export const menuImage = (image: string) => `/images/menu/${image}.svg`;

/** A store's menu items in the order given, shown on the menu and the order page. */
export function addMenuItems(
  add: AddRecord,
  storeId: string,
  items: readonly { id: string; name: string; price: number; image: string; description: string; category: MenuCategory }[],
) {
  items.forEach(({ id, name, description, price, image, category }, i) =>
    add('menu', id, {
      store_id: storeId,
      name,
      description,
      price,
      image_url: menuImage(image),
      category,
      show_on_menu: true,
      show_on_order: true,
      display_order: i + 1,
    }),
  );
}

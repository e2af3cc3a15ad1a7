/** A menu item as GET /api/admin/menu answers it; the public menu reads these fields only. */
export interface PublicMenuItem {
  id: string;
  name: string;
  description: string | null;
  price: number;
  image_url: string | null;
  category: string | null;
  show_on_menu: boolean;
}

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * Reads the answer of GET /api/admin/menu in the browser. A plain check rather than zod, which
 * would add some 25 KB to the page (issue 10). Throws on anything that is not a list of items,
 * so the page shows its error state.
 */
export function parseMenuAnswer(value: unknown): PublicMenuItem[] {
  if (!Array.isArray(value)) throw new TypeError('the menu answer is not a list');
  return value.map((entry: unknown) => {
    const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { id, name, price, show_on_menu } = item;
    const description = item.description === undefined ? '' : item.description;
    const image_url = item.image_url === undefined ? null : item.image_url;
    const category = item.category === undefined ? null : item.category;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof price !== 'number' || typeof show_on_menu !== 'boolean')
      throw new TypeError('a menu item without its id, name, price or visibility');
    if (!stringOrNull(description) || !stringOrNull(image_url) || !stringOrNull(category)) throw new TypeError('a menu item with a malformed text field');
    return { id, name, description, price, image_url, category, show_on_menu };
  });
}

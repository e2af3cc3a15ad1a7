import { inferMenuCategory } from '@moncafe/domain/catalog/menu-category';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';

export type { MenuCategory };

const knownCategories: Record<string, MenuCategory> = {
  drink: 'drink',
  food: 'food',
  dessert: 'dessert',
  ドリンク: 'drink',
  フード: 'food',
  デザート: 'dessert',
};

/**
 * A menu item's category on /menu: the answer's category when it is one of ours, otherwise
 * inferred from the name by the one shared rule (domain/catalog/menu-category), so the
 * screen and the API never disagree.
 */
export function menuCategory(name: string, stored?: string | null): MenuCategory {
  const known = stored ? knownCategories[stored.trim().toLowerCase()] : undefined;
  return known ?? inferMenuCategory(name);
}

import type { MenuCategory } from './kinds';

/**
 * The spec's /menu infers a category from the item's name when none is set: coffee, tea,
 * juice or latte is a drink; cake, dessert or sweets a dessert; anything else food. Menu
 * names here are Japanese, so the Japanese words count as well as the English ones.
 */
const drinkWords = ['coffee', 'tea', 'juice', 'latte', 'コーヒー', '珈琲', '紅茶', '緑茶', 'ほうじ茶', 'ティー', 'ジュース', 'ラテ'];
const dessertWords = ['cake', 'dessert', 'sweets', 'ケーキ', 'デザート', 'スイーツ'];

export function inferMenuCategory(name: string): MenuCategory {
  const lower = name.toLowerCase();
  // Dessert first: チーズケーキ is a dessert even though a ケーキセット may include 紅茶.
  if (dessertWords.some((w) => lower.includes(w))) return 'dessert';
  if (drinkWords.some((w) => lower.includes(w))) return 'drink';
  return 'food';
}

/** The category to show: the one set by the admin, else the inferred one. */
export function menuCategory(item: { name: string; category: MenuCategory | null }): MenuCategory {
  return item.category ?? inferMenuCategory(item.name);
}

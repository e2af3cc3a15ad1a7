import type { MenuCategory } from './kinds';

/**
 * The spec's /menu infers a category from the item's name when none is set: coffee, tea,
 * juice or latte is a drink; cake, dessert or sweets a dessert; anything else food. Menu
 * names here are Japanese, so the Japanese words count as well as the English ones.
 */
// English words match whole words only ("Steak" holds "tea" but is food); Japanese has no
// spaces between words, so its words match anywhere in the name.
const drinkWords = /\b(coffee|tea|juice|latte)s?\b|コーヒー|珈琲|紅茶|緑茶|ほうじ茶|ティー|ジュース|ラテ/i;
const dessertWords = /\b(cake|dessert|sweets)s?\b|cheesecake|ケーキ|デザート|スイーツ/i;

export function inferMenuCategory(name: string): MenuCategory {
  // Dessert first: チーズケーキ is a dessert even though a ケーキセット may include 紅茶.
  if (dessertWords.test(name)) return 'dessert';
  if (drinkWords.test(name)) return 'drink';
  return 'food';
}

/** The category to show: the one set by the admin, else the inferred one. */
export function menuCategory(item: { name: string; category: MenuCategory | null }): MenuCategory {
  return item.category ?? inferMenuCategory(item.name);
}

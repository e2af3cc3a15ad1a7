/** The public menu's filter categories (the spec's four buttons are these plus すべて). */
export type MenuCategory = 'drink' | 'food' | 'dessert';

// English drink words must start a word: a plain substring test would make "steak" a drink.
const drinkPattern = /\b(coffee|tea|juice|latte)/i;
const drinkWords = ['コーヒー', '紅茶', 'ティー', 'ジュース', 'ラテ'];
const dessertWords = ['cake', 'dessert', 'sweets', 'ケーキ', 'デザート', 'スイーツ'];

const knownCategories: Record<string, MenuCategory> = {
  drink: 'drink',
  food: 'food',
  dessert: 'dessert',
  ドリンク: 'drink',
  フード: 'food',
  デザート: 'dessert',
};

/**
 * A menu item's category: the stored one when it is one of ours, otherwise guessed from the
 * name as the spec says (drink words first, then dessert words, else food).
 */
export function menuCategory(name: string, stored?: string | null): MenuCategory {
  const known = stored ? knownCategories[stored.trim().toLowerCase()] : undefined;
  if (known) return known;
  if (drinkPattern.test(name) || drinkWords.some((word) => name.includes(word))) return 'drink';
  const lower = name.toLowerCase();
  if (dessertWords.some((word) => lower.includes(word))) return 'dessert';
  return 'food';
}

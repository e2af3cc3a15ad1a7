import { describe, expect, it } from 'vitest';
import { menuCategory } from './menu-category';
import { formatYen } from './price';

describe('menu category', () => {
  it('keeps a stored category when the item has one', () => {
    expect(menuCategory('Coffee', 'dessert')).toBe('dessert');
    expect(menuCategory('ランチプレート', 'ドリンク')).toBe('drink');
  });

  it('infers drinks from coffee, tea, juice and latte, in English and Japanese', () => {
    for (const name of ['Blend Coffee', 'Iced tea', 'Orange Juice', 'Cafe Latte', 'ホットコーヒー', '紅茶', 'ミルクティー', 'りんごジュース', '抹茶ラテ']) {
      expect(menuCategory(name)).toBe('drink');
    }
  });

  it('infers desserts from cake, dessert and sweets', () => {
    for (const name of ['Cheesecake', 'Dessert plate', 'Seasonal sweets', 'ショートケーキ', '本日のデザート', '季節のスイーツ']) {
      expect(menuCategory(name)).toBe('dessert');
    }
  });

  it('falls back to food', () => {
    expect(menuCategory('ナポリタン')).toBe('food');
    expect(menuCategory('Club sandwich', null)).toBe('food');
    expect(menuCategory('Club sandwich', 'unknown')).toBe('food');
  });
});

describe('price', () => {
  it('shows yen with thousands separators', () => {
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(480)).toBe('¥480');
    expect(formatYen(1200)).toBe('¥1,200');
    expect(formatYen(1234567)).toBe('¥1,234,567');
    expect(formatYen(999.6)).toBe('¥1,000');
  });
});

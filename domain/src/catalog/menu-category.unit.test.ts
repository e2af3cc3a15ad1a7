import { describe, expect, it } from 'vitest';
import { inferMenuCategory, menuCategory } from './menu-category';

describe('menu categories', () => {
  it('infers drink, dessert or food from the name, as /menu does', () => {
    expect(inferMenuCategory('ブレンドコーヒー')).toBe('drink');
    expect(inferMenuCategory('Iced Latte')).toBe('drink');
    expect(inferMenuCategory('アールグレイ紅茶')).toBe('drink');
    expect(inferMenuCategory('オレンジジュース')).toBe('drink');
    expect(inferMenuCategory('ガトーショコラケーキ')).toBe('dessert');
    expect(inferMenuCategory('季節のスイーツ')).toBe('dessert');
    expect(inferMenuCategory('ナポリタン')).toBe('food');
  });

  it('matches English words whole, so a steak is food and a cheesecake a dessert', () => {
    expect(inferMenuCategory('Steak Sandwich')).toBe('food');
    expect(inferMenuCategory('Green Tea')).toBe('drink');
    expect(inferMenuCategory('New York Cheesecake')).toBe('dessert');
  });

  it('prefers the category the admin set', () => {
    expect(menuCategory({ name: 'プリン', category: 'dessert' })).toBe('dessert');
    expect(menuCategory({ name: 'プリン', category: null })).toBe('food');
  });
});

// Moved from the /menu screen, whose own copy of the rule is gone: the server resolves categories.
describe('menu category of an item', () => {
  it('keeps a stored category when the item has one', () => {
    expect(menuCategory({ name: 'Coffee', category: 'dessert' })).toBe('dessert');
  });

  it('infers drinks from coffee, tea, juice and latte, in English and Japanese', () => {
    for (const name of ['Blend Coffee', 'Iced tea', 'Orange Juice', 'Cafe Latte', 'ホットコーヒー', '紅茶', 'ミルクティー', 'りんごジュース', '抹茶ラテ']) {
      expect(menuCategory({ name, category: null })).toBe('drink');
    }
  });

  it('infers desserts from cake, dessert and sweets', () => {
    for (const name of ['Cheesecake', 'Dessert plate', 'Seasonal sweets', 'ショートケーキ', '本日のデザート', '季節のスイーツ']) {
      expect(menuCategory({ name, category: null })).toBe('dessert');
    }
  });

  it('falls back to food', () => {
    expect(menuCategory({ name: 'ナポリタン', category: null })).toBe('food');
    expect(menuCategory({ name: 'Club sandwich', category: null })).toBe('food');
  });
});

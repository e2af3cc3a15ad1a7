import { describe, expect, it } from 'vitest';
import { parseMenuAnswer } from './menu-item';

describe('reading the menu answer in the browser', () => {
  it('keeps the fields the menu shows, filling the optional ones as the call leaves them out', () => {
    expect(
      parseMenuAnswer([
        { id: 'm1', name: 'ケーキ', price: 500, show_on_menu: true, store_id: '1' },
        { id: 'm2', name: 'コーヒー', description: null, price: 400, image_url: '/img/c.png', category: 'drink', show_on_menu: false },
      ]),
    ).toEqual([
      { id: 'm1', name: 'ケーキ', description: '', price: 500, image_url: null, category: null, show_on_menu: true },
      { id: 'm2', name: 'コーヒー', description: null, price: 400, image_url: '/img/c.png', category: 'drink', show_on_menu: false },
    ]);
  });

  it('refuses an answer that is not a list of menu items', () => {
    expect(() => parseMenuAnswer({ error: 'x' })).toThrow(TypeError);
    expect(() => parseMenuAnswer([{ id: 'm1', name: 'ケーキ', price: '500', show_on_menu: true }])).toThrow(TypeError);
    expect(() => parseMenuAnswer([{ id: 'm1', name: 'ケーキ', price: 500, show_on_menu: true, category: 3 }])).toThrow(TypeError);
    expect(() => parseMenuAnswer([null])).toThrow(TypeError);
  });
});

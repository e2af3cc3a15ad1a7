import { describe, expect, it } from 'vitest';
import { addLine, parseStoredCart, removeLine, removeOne, setQuantity, totalPrice, totalQuantity } from './cart';

const coffee = { menu_id: 'm1', name: 'コーヒー', price: 500 };
const cake = { menu_id: 'm2', name: 'ケーキ', price: 650 };

describe('cart', () => {
  it('merges repeated additions into one line and totals quantities and prices', () => {
    const cart = addLine(addLine(addLine([], coffee), cake), coffee);
    expect(cart).toEqual([
      { ...coffee, quantity: 2 },
      { ...cake, quantity: 1 },
    ]);
    expect(totalQuantity(cart)).toBe(3);
    expect(totalPrice(cart)).toBe(1650);
  });

  it('never goes below a quantity of 1: removing the last one removes the line', () => {
    const cart = addLine(addLine([], coffee), coffee);
    expect(removeOne(cart, 'm1')).toEqual([{ ...coffee, quantity: 1 }]);
    expect(removeOne(removeOne(cart, 'm1'), 'm1')).toEqual([]);
  });

  it('sets a quantity by − / + but never below 1, and 削除 takes the whole line away', () => {
    const cart = addLine(addLine([], coffee, 3), cake);
    expect(setQuantity(cart, 'm1', 5)[0]).toEqual({ ...coffee, quantity: 5 });
    expect(setQuantity(cart, 'm1', 0)[0]).toEqual({ ...coffee, quantity: 1 });
    expect(removeLine(cart, 'm1')).toEqual([{ ...cake, quantity: 1 }]);
  });

  it('treats malformed storage as an empty cart', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('[{"menu_id":"m1","name":"x","price":-1,"quantity":1}]')).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ ...coffee, quantity: 2 }]))).toEqual([{ ...coffee, quantity: 2 }]);
  });

  it('keeps a line’s English name when the menu gave one, and nothing else in its place', () => {
    expect(parseStoredCart(JSON.stringify([{ ...coffee, name_en: 'Coffee', quantity: 1 }]))).toEqual([{ ...coffee, name_en: 'Coffee', quantity: 1 }]);
    expect(parseStoredCart(JSON.stringify([{ ...coffee, name_en: 7, quantity: 1 }]))).toEqual([{ ...coffee, quantity: 1 }]);
    expect(parseStoredCart(JSON.stringify([{ ...coffee, name_en: '', quantity: 1 }]))).toEqual([{ ...coffee, quantity: 1 }]);
  });
});

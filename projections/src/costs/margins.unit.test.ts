import { describe, expect, it } from 'vitest';
import { dayMargin, itemMargins } from './margins';

const lines = [
  { menu_id: 'latte', quantity: 0.018, unit_cost: 4000 }, // beans: 72
  { menu_id: 'latte', quantity: 0.2, unit_cost: 250 }, // milk: 50
  { menu_id: 'toast', quantity: 1, unit_cost: 100.5 },
];

describe('margins', () => {
  it('an item’s cost is the sum of its lines; items without lines have no margin', () => {
    expect(
      itemMargins(
        [
          { id: 'latte', name: 'ラテ', price: 580 },
          { id: 'tea', name: '紅茶', price: 520 },
        ],
        lines,
      ),
    ).toEqual([
      { menu_id: 'latte', name: 'ラテ', price: 580, cost: 122, margin: 458, margin_percent: 79 },
      { menu_id: 'tea', name: '紅茶', price: 520, cost: null, margin: null, margin_percent: null },
    ]);
  });

  it('a day’s margin adds up the ordered quantities at the prices ordered; uncosted sales are counted apart', () => {
    const day = dayMargin(
      [
        { menu_id: 'latte', menu_name: 'ラテ', quantity: 2, price: 580 },
        { menu_id: 'toast', menu_name: 'トースト', quantity: 1, price: 400 },
        { menu_id: 'latte', menu_name: 'ラテ', quantity: 1, price: 580 },
        { menu_id: 'tea', menu_name: '紅茶', quantity: 1, price: 520 },
      ],
      lines,
    );
    expect(day.lines).toEqual([
      { menu_id: 'latte', menu_name: 'ラテ', quantity: 3, sales: 1740, cost: 366, margin: 1374 },
      { menu_id: 'tea', menu_name: '紅茶', quantity: 1, sales: 520, cost: null, margin: null },
      { menu_id: 'toast', menu_name: 'トースト', quantity: 1, sales: 400, cost: 100.5, margin: 299.5 },
    ]);
    expect(day).toMatchObject({ sales: 2660, cost: 466.5, margin: 1673.5, uncosted_sales: 520 });
  });
});

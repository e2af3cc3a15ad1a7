import { describe, expect, it } from 'vitest';
import { equalShareOf } from './answers';

const line = (amount: number) => ({ name: 'x', quantity: 1, unit_price: amount, amount, rate: 10, reduced: false, takeout: false });

describe('equalShareOf (decision 350)', () => {
  const rate = (base: number, tax: number) => ({ rate: 10, reduced: false, amount: base + tax, base, tax });

  it('finds an equal part: the whole bill’s lines above a share of it, priced with tax or without', () => {
    const included = { part_label: '1/2', lines: [line(550), line(594)], total: 572, totals_by_rate: [rate(520, 52)], prices_include_tax: true };
    expect(equalShareOf(included)).toEqual({ wholeTotal: 1144, taxExcluded: false });
    // Lines without tax (500 + 550) beside a part of 275 + 297 with tax: the sum is said to be without tax.
    const excluded = {
      part_label: '1/2',
      lines: [line(500), line(550)],
      total: 572,
      totals_by_rate: [rate(250, 25), rate(275, 22)],
      prices_include_tax: false,
    };
    expect(equalShareOf(excluded)).toEqual({ wholeTotal: 1050, taxExcluded: true });
  });

  it('leaves a part split by items and an unsplit receipt alone, priced with tax or without', () => {
    expect(equalShareOf({ part_label: '2/2', lines: [line(550)], total: 550, totals_by_rate: [rate(500, 50)], prices_include_tax: true })).toBeNull();
    // An item part without tax: its lines (550) are its base, though its total with tax is 594.
    expect(equalShareOf({ part_label: '2/2', lines: [line(550)], total: 594, totals_by_rate: [rate(550, 44)], prices_include_tax: false })).toBeNull();
    expect(equalShareOf({ part_label: null, lines: [line(550), line(594)], total: 1144, totals_by_rate: [], prices_include_tax: true })).toBeNull();
  });
});

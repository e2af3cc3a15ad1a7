import { describe, expect, it } from 'vitest';
import { equalShareOf } from './answers';

const line = (amount: number) => ({ name: 'x', quantity: 1, unit_price: amount, amount, rate: 10, reduced: false, takeout: false });

describe('equalShareOf (decision 350)', () => {
  it('finds an equal part: the whole bill’s lines above a share of it', () => {
    expect(equalShareOf({ part_label: '1/2', lines: [line(550), line(594)], total: 572 })).toEqual({ wholeTotal: 1144 });
  });

  it('leaves a part split by items and an unsplit receipt alone', () => {
    expect(equalShareOf({ part_label: '2/2', lines: [line(550)], total: 550 })).toBeNull();
    expect(equalShareOf({ part_label: null, lines: [line(550), line(594)], total: 1144 })).toBeNull();
  });
});

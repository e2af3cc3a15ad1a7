import { describe, expect, it } from 'vitest';
import { taxSchema } from './kinds';
import { DEFAULT_TAX_RULE, taxedTotal } from './tax';

describe('tax at checkout', () => {
  it('adds the spec’s 10%, rounded down', () => {
    expect(taxedTotal(1234, DEFAULT_TAX_RULE)).toEqual({ subtotal: 1234, tax: 123, total: 1357 });
    expect(taxedTotal(1999, DEFAULT_TAX_RULE)).toEqual({ subtotal: 1999, tax: 199, total: 2198 });
    expect(taxedTotal(0, DEFAULT_TAX_RULE)).toEqual({ subtotal: 0, tax: 0, total: 0 });
  });
  it('follows the store’s rate and rounding', () => {
    expect(taxedTotal(1999, { ratePercent: 8, rounding: 'round', pricesIncludeTax: false }).tax).toBe(160);
    expect(taxedTotal(1999, { ratePercent: 8, rounding: 'ceil', pricesIncludeTax: false }).tax).toBe(160);
    expect(taxedTotal(1001, { ratePercent: 10, rounding: 'ceil', pricesIncludeTax: false }).tax).toBe(101);
  });
  it('shows the tax contained in prices that already include it', () => {
    expect(taxedTotal(1100, { ratePercent: 10, rounding: 'floor', pricesIncludeTax: true })).toEqual({ subtotal: 1100, tax: 100, total: 1100 });
    expect(taxedTotal(1000, { ratePercent: 10, rounding: 'floor', pricesIncludeTax: true })).toEqual({ subtotal: 1000, tax: 90, total: 1000 });
  });
});

describe('a store’s tax record', () => {
  it('is the spec’s rule (10%, rounded down, added) until the store sets its own', () => {
    expect(taxSchema.parse({ store_id: '2' })).toEqual({
      store_id: '2',
      rate_percent: 10,
      rounding: 'floor',
      prices_include_tax: false,
      // Decision 240: the reduced rate 8%, no rate change ahead, no issuer or registration number yet.
      reduced_rate_percent: 8,
      next_rates: null,
      issuer_name: '',
      registration_number: null,
    });
  });
});

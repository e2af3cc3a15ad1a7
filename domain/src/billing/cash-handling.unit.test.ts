import { describe, expect, it } from 'vitest';
import { cashHandling } from './cash-handling';

/** Decision 640: what a cash payment hands over and gets back, refused before anything is written. */
describe('cash handling', () => {
  it('gives back tendered less the total', () => {
    expect(cashHandling('cash', 10_000, 7_480)).toEqual({ tendered: 10_000, change: 2_520 });
    expect(cashHandling('cash', 550, 550)).toEqual({ tendered: 550, change: 0 });
  });

  it('records nothing when no amount was entered, whatever the method', () => {
    expect(cashHandling('cash', null, 550)).toEqual({ tendered: null, change: null });
    expect(cashHandling('credit', null, 550)).toEqual({ tendered: null, change: null });
  });

  it('refuses an amount that does not cover the total, and an amount for a card', () => {
    expect(() => cashHandling('cash', 549, 550)).toThrow(expect.objectContaining({ code: 'tendered_short' }));
    expect(() => cashHandling('cash', 549.5, 550)).toThrow(expect.objectContaining({ code: 'tendered_short' }));
    expect(() => cashHandling('credit', 1_000, 550)).toThrow(expect.objectContaining({ code: 'tendered_not_cash' }));
  });
});

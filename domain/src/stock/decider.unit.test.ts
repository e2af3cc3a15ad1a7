import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { StockEvent } from './events';
import { decide, evolve, initialState, isOrderable, levelOf, neverBelowZero, stockDecider } from './decider';

const spec = deciderSpecification(stockDecider);
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;
const NOW = '2026-12-10T03:00:00.000Z';
const threeCakes: StockEvent[] = [{ type: 'StockSet', data: { menuId: 'cake', manageStock: true, quantity: 3, isSoldOut: false, setAt: NOW } }];

describe('a store’s stock', () => {
  it('takes counted items of an order and leaves uncounted ones alone', () => {
    spec
      .given(threeCakes)
      .when({
        type: 'ReserveStock',
        orderId: 'o1',
        lines: [
          { menuId: 'cake', quantity: 2 },
          { menuId: 'coffee', quantity: 5 },
        ],
        now: NOW,
      })
      .then([{ type: 'StockReserved', data: { orderId: 'o1', lines: [{ menuId: 'cake', quantity: 2, remaining: 1 }], reservedAt: NOW } }]);
    spec
      .given([])
      .when({ type: 'ReserveStock', orderId: 'o1', lines: [{ menuId: 'coffee', quantity: 9 }], now: NOW })
      .thenNothingHappens();
  });
  it('refuses an order that wants more than is left, naming the item, and takes nothing', () => {
    spec
      .given(threeCakes)
      .when({ type: 'ReserveStock', orderId: 'o1', lines: [{ menuId: 'cake', quantity: 4 }], now: NOW })
      .thenThrows((e: DomainError) => e.code === 'sold_out' && JSON.stringify(e.details.menuIds) === '["cake"]');
  });
  it('an item marked sold out cannot be taken whatever its count', () => {
    const marked: StockEvent[] = [{ type: 'StockSet', data: { menuId: 'cake', manageStock: true, quantity: 3, isSoldOut: true, setAt: NOW } }];
    spec
      .given(marked)
      .when({ type: 'ReserveStock', orderId: 'o1', lines: [{ menuId: 'cake', quantity: 1 }], now: NOW })
      .thenThrows(code('sold_out'));
  });
  it('a retried order takes nothing twice', () => {
    const taken: StockEvent[] = [
      ...threeCakes,
      { type: 'StockReserved', data: { orderId: 'o1', lines: [{ menuId: 'cake', quantity: 1, remaining: 2 }], reservedAt: NOW } },
    ];
    spec
      .given(taken)
      .when({ type: 'ReserveStock', orderId: 'o1', lines: [{ menuId: 'cake', quantity: 1 }], now: NOW })
      .thenNothingHappens();
  });
  it('the editor sets a count, refuses a negative or fractional one, and refuses a save over a count orders changed', () => {
    spec.given([]).when({ type: 'SetStock', menuId: 'cake', manageStock: true, quantity: 3, isSoldOut: false, now: NOW }).then(threeCakes);
    spec.given([]).when({ type: 'SetStock', menuId: 'cake', manageStock: true, quantity: -1, isSoldOut: false, now: NOW }).thenThrows(code('invalid_quantity'));
    spec
      .given([])
      .when({ type: 'SetStock', menuId: 'cake', manageStock: true, quantity: 1.5, isSoldOut: false, now: NOW })
      .thenThrows(code('invalid_quantity'));
    spec
      .given(threeCakes)
      .when({ type: 'SetStock', menuId: 'cake', manageStock: true, quantity: 10, isSoldOut: false, expectedQuantity: 5, now: NOW })
      .thenThrows(code('stock_changed'));
    spec.given(threeCakes).when({ type: 'SetStock', menuId: 'cake', manageStock: true, quantity: 3, isSoldOut: false, now: NOW }).thenNothingHappens();
  });
  it('an item is orderable when not counted, or counted with some left and not marked', () => {
    expect(isOrderable({ manageStock: false, quantity: 0, isSoldOut: true })).toBe(true);
    expect(isOrderable({ manageStock: true, quantity: 1, isSoldOut: false })).toBe(true);
    expect(isOrderable({ manageStock: true, quantity: 0, isSoldOut: false })).toBe(false);
    expect(isOrderable({ manageStock: true, quantity: 4, isSoldOut: true })).toBe(false);
  });
  it('never counts below zero, whatever orders arrive (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 30 }), (start, wants) => {
        let state = evolve(initialState(), { type: 'StockSet', data: { menuId: 'cake', manageStock: true, quantity: start, isSoldOut: false, setAt: NOW } });
        let taken = 0;
        wants.forEach((quantity, i) => {
          try {
            for (const e of decide({ type: 'ReserveStock', orderId: `o${i}`, lines: [{ menuId: 'cake', quantity }], now: NOW }, state))
              state = evolve(state, e);
            taken += quantity;
          } catch (error) {
            if (!(error instanceof DomainError) || error.code !== 'sold_out') throw error;
          }
        });
        expect(levelOf(state, 'cake').quantity).toBe(start - taken);
        expect(levelOf(state, 'cake').quantity).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('stock cannot go below 0', () => {
  it('allows a count or a remainder of 0 or more, never less', () => {
    expect(neverBelowZero(0)).toBe(true);
    expect(neverBelowZero(3)).toBe(true);
    expect(neverBelowZero(-1)).toBe(false);
  });
});

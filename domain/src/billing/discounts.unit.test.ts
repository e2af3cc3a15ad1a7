import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { billSplitDecider, type SplitData } from './bill-split';
import { applicableDiscounts, type DiscountableBill, type GivenDiscount } from './discounts';
import type { BillEvent } from './events';
import { pricedTotals, receiptLine } from './tax-math';

const spec = deciderSpecification(billSplitDecider);
const NOW = '2026-12-02T03:00:00.000Z';
const RATES = { standardPercent: 10, reducedPercent: 8, rounding: 'floor' as const, pricesIncludeTax: true };

// A course (no order) 4,800円, then order o1: a coffee 500円 and a cake 700円.
const bill: DiscountableBill = {
  lines: [
    receiptLine({ name: 'コース', quantity: 1, unitPrice: 4800, taxCategory: 'reduced', takeout: false }, RATES),
    receiptLine({ name: 'コーヒー', quantity: 1, unitPrice: 500, taxCategory: 'reduced', takeout: false }, RATES),
    receiptLine({ name: 'ケーキ', quantity: 1, unitPrice: 700, taxCategory: 'reduced', takeout: true }, RATES),
  ],
  orderLines: { o1: [1, 2] },
  rounding: 'floor',
};
const discount = (over: Partial<GivenDiscount> = {}): Omit<GivenDiscount, 'amount'> => ({
  discountId: 'd1',
  reservationId: 'r1',
  storeId: 's',
  kind: 'percent',
  value: 10,
  reason: '常連',
  orderId: null,
  by: 'staff-1',
  givenAt: NOW,
  ...over,
});
const give = (over: Partial<GivenDiscount> = {}, on: DiscountableBill = bill) => ({ type: 'GiveDiscount' as const, discount: discount(over), bill: on });
const given = (amount: number, over: Partial<GivenDiscount> = {}): BillEvent => ({ type: 'DiscountGiven', data: { ...discount(over), amount } });
const refused = (code: string) => (e: DomainError) => e.code === code;

const split: SplitData = {
  reservationId: 'r1',
  storeId: 's',
  mode: 'equal',
  orderIds: ['o1'],
  parts: ['1/2', '2/2'].map((label, i) => ({ partId: `p${i}`, label, lines: [], totalsByRate: [], total: 3000 })),
  pricesIncludeTax: true,
  rounding: 'floor',
  splitAt: NOW,
};
const splitEvent: BillEvent = { type: 'BillSplit', data: split };
const partPaid: BillEvent = { type: 'BillPartPaid', data: { partId: 'p0', paymentMethod: 'cash', receiptId: 'rc', receiptNumber: 1, paidAt: NOW } };

describe('a discount at the register (decision 642)', () => {
  describe('on a bill without discounts', () => {
    it('records a whole-bill percentage with its reason, who and the yen it comes to', () => {
      spec
        .given([])
        .when(give())
        .then([given(600)]);
    });

    it('records yen off one order, the reason as typed without its spaces', () => {
      spec
        .given([])
        .when(give({ kind: 'yen', value: 500, orderId: 'o1', reason: ' クーポン ' }))
        .then([given(500, { kind: 'yen', value: 500, orderId: 'o1', reason: 'クーポン' })]);
    });

    it('takes the whole bill at 100%, and refuses one yen more than the bill or than its order', () => {
      spec
        .given([])
        .when(give({ value: 100 }))
        .then([given(6000, { value: 100 })]);
      spec
        .given([])
        .when(give({ kind: 'yen', value: 6001 }))
        .thenThrows(refused('discount_above_bill'));
      spec
        .given([])
        .when(give({ kind: 'yen', value: 1201, orderId: 'o1' }))
        .thenThrows(refused('discount_above_bill'));
    });

    it('refuses a value that is not a whole number above 0, a percentage above 100 and a reason left empty', () => {
      for (const value of [0, -10, 1.5, Number.NaN]) spec.given([]).when(give({ value })).thenThrows(refused('discount_invalid'));
      spec
        .given([])
        .when(give({ value: 101 }))
        .thenThrows(refused('discount_percent_over'));
      spec
        .given([])
        .when(give({ reason: '　 ' }))
        .thenThrows(refused('reason_required'));
    });

    it('refuses an order the bill does not hold, and a discount that comes to 0円', () => {
      spec
        .given([])
        .when(give({ orderId: 'made-up' }))
        .thenThrows(refused('discount_order_unknown'));
      spec
        .given([])
        .when(give({ orderId: 'constructor' }))
        .thenThrows(refused('discount_order_unknown'));
      spec
        .given([])
        .when(give({ value: 1 }, { ...bill, lines: [] }))
        .thenThrows(refused('nothing_to_discount'));
    });
  });

  describe('on a bill with a discount', () => {
    it('checks a second against what the first left, and changes nothing when the same one is given again', () => {
      spec
        .given([given(5000, { kind: 'yen', value: 5000 })])
        .when(give({ discountId: 'd2', kind: 'yen', value: 1001 }))
        .thenThrows(refused('discount_above_bill'));
      spec
        .given([given(5000, { kind: 'yen', value: 5000 })])
        .when(give({ discountId: 'd2', value: 10 }))
        .then([given(100, { discountId: 'd2' })]);
      spec
        .given([given(600)])
        .when(give())
        .thenNothingHappens();
    });

    it('takes it back once, and refuses to take back one never given', () => {
      const removed: BillEvent = { type: 'DiscountRemoved', data: { discountId: 'd1', by: 'staff-2', removedAt: NOW } };
      spec
        .given([given(600)])
        .when({ type: 'RemoveDiscount', discountId: 'd1', by: 'staff-2', now: NOW })
        .then([removed]);
      spec
        .given([given(600), removed])
        .when({ type: 'RemoveDiscount', discountId: 'd1', by: 'staff-2', now: NOW })
        .thenThrows(refused('discount_unknown'));
    });
  });

  describe('on a split bill', () => {
    it('drops a split not yet paid (its parts no longer add up), and refuses once a part is paid', () => {
      const fold = (events: BillEvent[]) => events.reduce(billSplitDecider.evolve, billSplitDecider.initialState());
      expect(fold([splitEvent, given(600)]).split).toBeNull();
      spec.given([splitEvent, partPaid]).when(give()).thenThrows(refused('split_started'));
    });
  });

  it('leaves out a discount that no longer fits the bill (its order gone, or above what is left) instead of failing the bill', () => {
    const gone = { ...bill, orderLines: {} };
    const onOrder = { ...discount({ orderId: 'o1' }), amount: 120 };
    const whole = { ...discount({ discountId: 'd2', kind: 'yen', value: 5500 }), amount: 5500 };
    const { applied, lapsed } = applicableDiscounts([onOrder, whole], gone);
    expect(applied.map((a) => [a.discount.discountId, a.amount])).toEqual([['d2', 5500]]);
    expect(lapsed.map((d) => d.discountId)).toEqual(['d1']);
    const small = { ...bill, lines: bill.lines.slice(1), orderLines: { o1: [0, 1] } };
    expect(applicableDiscounts([whole], small).lapsed).toHaveLength(1);
  });

  it('never takes the bill below 0, and the total is the shown prices less the discounts carried', () => {
    const given = fc.array(
      fc.record({
        kind: fc.constantFrom('percent' as const, 'yen' as const),
        value: fc.integer({ min: 1, max: 8000 }),
        orderId: fc.constantFrom(null, 'o1', 'o2'),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(given, (ds) => {
        const all = ds.map((d, i) => ({ ...discount({ discountId: `d${i}`, ...d, value: d.kind === 'percent' ? (d.value % 100) + 1 : d.value }), amount: 0 }));
        const { applied } = applicableDiscounts(all, bill);
        const totals = pricedTotals(
          bill.lines,
          bill,
          applied.map((a) => a.target),
        );
        const shown = bill.lines.reduce((s, l) => s + l.amount, 0);
        expect(totals.total).toBe(shown - applied.reduce((s, a) => s + a.amount, 0));
        expect(totals.totalsByRate.every((r) => r.total >= 0)).toBe(true);
      }),
    );
  });
});

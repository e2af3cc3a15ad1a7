import { describe, expect, it } from 'vitest';
import type { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { allPaid, billSplitDecider, type SplitData } from './bill-split';
import type { BillEvent } from './events';

const spec = deciderSpecification(billSplitDecider);
const NOW = '2026-11-26T03:00:00.000Z';
const part = (partId: string, label: string) => ({
  partId,
  label,
  lines: [],
  totalsByRate: [{ ratePercent: 10, reduced: false, base: 500, tax: 50, total: 550 }],
  total: 550,
});
const split: SplitData = {
  reservationId: 'r1',
  storeId: 's',
  mode: 'equal',
  orderIds: ['o1'],
  parts: [part('p1', '1/2'), part('p2', '2/2')],
  pricesIncludeTax: false,
  rounding: 'floor',
  splitAt: NOW,
};
const splitEvent: BillEvent = { type: 'BillSplit', data: split };
const paid = (partId: string, receiptNumber: number): BillEvent => ({
  type: 'BillPartPaid',
  data: { partId, paymentMethod: 'cash', receiptId: `rc-${partId}`, receiptNumber, paidAt: NOW },
});
const pay = (partId: string, receiptNumber: number) => ({
  type: 'PayPart' as const,
  partId,
  paymentMethod: 'cash' as const,
  receiptId: `rc-${partId}`,
  receiptNumber,
  now: NOW,
});

describe('a split bill (decision 240)', () => {
  it('records the split and each part paid once, by its own method and receipt', () => {
    spec.given([]).when({ type: 'SplitBill', split }).then([splitEvent]);
    spec
      .given([splitEvent])
      .when(pay('p1', 7))
      .then([paid('p1', 7)]);
    spec
      .given([splitEvent, paid('p1', 7)])
      .when(pay('p1', 8))
      .thenNothingHappens();
  });

  it('refuses a part it does not have, a bill never split, and a new split once a part is paid', () => {
    spec
      .given([splitEvent])
      .when(pay('p9', 7))
      .thenThrows((e: DomainError) => e.code === 'unknown_part');
    spec
      .given([])
      .when(pay('p1', 7))
      .thenThrows((e: DomainError) => e.code === 'not_split');
    spec
      .given([splitEvent, paid('p1', 7)])
      .when({ type: 'SplitBill', split })
      .thenThrows((e: DomainError) => e.code === 'split_started');
    spec.given([splitEvent]).when({ type: 'SplitBill', split }).then([splitEvent]);
  });

  it('is all paid only when every part is', () => {
    const fold = (events: BillEvent[]) => events.reduce(billSplitDecider.evolve, billSplitDecider.initialState());
    expect(allPaid(fold([splitEvent, paid('p1', 7)]))).toBe(false);
    expect(allPaid(fold([splitEvent, paid('p1', 7), paid('p2', 8)]))).toBe(true);
  });
});

import { describe, it } from 'vitest';
import type { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { ReceiptEvent } from './events';
import { receiptBookDecider, type IssuedReceipt } from './receipt-book';

const spec = deciderSpecification(receiptBookDecider);
const NOW = '2026-11-26T03:00:00.000Z';
const sale = (receiptId: string, reservationId: string): Omit<IssuedReceipt, 'number' | 'kind' | 'cancels'> => ({
  receiptId,
  storeId: 's',
  reservationId,
  partId: null,
  issuedAt: NOW,
  issuerName: 'MonCafe',
  registrationNumber: 'T1180301018771',
  lines: [{ name: 'ケーキ', quantity: 1, unitPrice: 500, amount: 500, ratePercent: 8, reduced: true, takeout: true }],
  totalsByRate: [{ ratePercent: 8, reduced: true, base: 500, tax: 40, total: 540 }],
  total: 540,
  pricesIncludeTax: false,
  rounding: 'floor',
  paymentMethod: 'cash',
  addressee: null,
  proviso: null,
  partLabel: null,
});
const issued = (receiptId: string, reservationId: string, number: number): ReceiptEvent => ({
  type: 'ReceiptIssued',
  data: { ...sale(receiptId, reservationId), number, kind: 'sale', cancels: null },
});

describe('the receipt book (decision 240)', () => {
  it('numbers a receipt one after the last', () => {
    spec
      .given([issued('a', 'r1', 1)])
      .when({ type: 'IssueReceipt', receipt: sale('b', 'r2') })
      .then([issued('b', 'r2', 2)]);
  });

  it('issues a visit part once: a retry finds it issued', () => {
    spec
      .given([issued('a', 'r1', 1)])
      .when({ type: 'IssueReceipt', receipt: sale('b', 'r1') })
      .thenNothingHappens();
  });

  /** The 赤伝 of receipt 1 (one takeout cake, 540円): number 2, every amount negated, nothing handed over. */
  const cancellationOfTheCake = () => ({
    ...sale('c', 'r1'),
    number: 2,
    kind: 'cancellation' as const,
    cancels: { receiptId: 'a', number: 1, reason: '返金' },
    lines: [{ name: 'ケーキ', quantity: -1, unitPrice: 500, amount: -500, ratePercent: 8, reduced: true, takeout: true }],
    totalsByRate: [{ ratePercent: 8, reduced: true, base: -500, tax: -40, total: -540 }],
    total: -540,
    tendered: null,
    change: null,
  });

  it('a cancellation (赤伝) is the next number, negated, and references the original; nothing is handed over for it', () => {
    const paidInCash = issued('a', 'r1', 1);
    const original: ReceiptEvent = { type: 'ReceiptIssued', data: { ...paidInCash.data, tendered: 1000, change: 460 } as IssuedReceipt };
    spec
      .given([original])
      .when({ type: 'CancelReceipt', receiptId: 'c', originalId: 'a', reason: '返金', now: NOW })
      .then([{ type: 'ReceiptIssued', data: cancellationOfTheCake() }]);
  });

  it('a cancellation takes back the discounts its sale printed (decision 642)', () => {
    const discounted: ReceiptEvent = {
      type: 'ReceiptIssued',
      data: { ...issued('a', 'r1', 1).data, discounts: [{ reason: '常連', amount: 54 }] } as IssuedReceipt,
    };
    spec
      .given([discounted])
      .when({ type: 'CancelReceipt', receiptId: 'c', originalId: 'a', reason: '返金', now: NOW })
      .then([{ type: 'ReceiptIssued', data: { ...cancellationOfTheCake(), discounts: [{ reason: '常連', amount: -54 }] } }]);
  });

  it('cancels a receipt once, and never a cancellation', () => {
    const cancelled: ReceiptEvent[] = [
      issued('a', 'r1', 1),
      { type: 'ReceiptIssued', data: { ...sale('c', 'r1'), number: 2, kind: 'cancellation', cancels: { receiptId: 'a', number: 1, reason: 'x' } } },
    ];
    spec
      .given(cancelled)
      .when({ type: 'CancelReceipt', receiptId: 'd', originalId: 'a', reason: 'y', now: NOW })
      .thenThrows((e: DomainError) => e.code === 'receipt_cancelled');
    spec
      .given(cancelled)
      .when({ type: 'CancelReceipt', receiptId: 'd', originalId: 'c', reason: 'y', now: NOW })
      .thenThrows((e: DomainError) => e.code === 'not_a_sale');
  });

  it('records a reprint of a known receipt only', () => {
    spec
      .given([issued('a', 'r1', 1)])
      .when({ type: 'ReissueReceipt', receiptId: 'a', now: NOW })
      .then([{ type: 'ReceiptReissued', data: { receiptId: 'a', reissuedAt: NOW } }]);
    spec
      .given([])
      .when({ type: 'ReissueReceipt', receiptId: 'a', now: NOW })
      .thenThrows((e: DomainError) => e.code === 'receipt_not_found');
  });
});

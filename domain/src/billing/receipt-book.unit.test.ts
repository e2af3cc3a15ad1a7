import { describe, expect, it } from 'vitest';
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

  describe('a correction (訂正, decision 648)', () => {
    const paidInCash = (): ReceiptEvent => ({
      type: 'ReceiptIssued',
      data: { ...issued('a', 'r1', 1).data, tendered: 1000, change: 460, addressee: '山田', proviso: 'ご飲食代' } as IssuedReceipt,
    });
    const correct = (changes: object, originalId = 'a', reason = '宛名違い') => ({
      type: 'CorrectReceipt' as const,
      cancellationId: 'c',
      correctedId: 'n',
      originalId,
      reason,
      changes,
      now: NOW,
    });

    it('issues the 赤伝 and the corrected receipt in one append, numbered one after the other, each naming the other', () => {
      const original = paidInCash().data as IssuedReceipt;
      spec
        .given([paidInCash()])
        .when(correct({ addressee: '株式会社ヤマダ' }))
        .then([
          {
            type: 'ReceiptIssued',
            data: {
              ...cancellationOfTheCake(),
              addressee: '山田',
              proviso: 'ご飲食代',
              cancels: { receiptId: 'a', number: 1, reason: '宛名違い' },
              replacedBy: { receiptId: 'n', number: 3 },
            },
          },
          {
            type: 'ReceiptIssued',
            data: {
              ...original,
              receiptId: 'n',
              number: 3,
              addressee: '株式会社ヤマダ',
              corrects: { receiptId: 'a', number: 1, cancellationId: 'c', cancellationNumber: 2, reason: '宛名違い' },
            },
          },
        ]);
    });

    it('moves the payment method, and the cash handed over goes with a method that is no longer cash', () => {
      const original = paidInCash().data as IssuedReceipt;
      const [cancellation] = receiptBookDecider.decide(
        correct({ paymentMethod: 'credit' }),
        receiptBookDecider.evolve(receiptBookDecider.initialState(), paidInCash()),
      );
      spec
        .given([paidInCash()])
        .when(correct({ paymentMethod: 'credit', proviso: null }))
        .then([
          cancellation!,
          {
            type: 'ReceiptIssued',
            data: {
              ...original,
              receiptId: 'n',
              number: 3,
              paymentMethod: 'credit',
              proviso: null,
              tendered: null,
              change: null,
              corrects: { receiptId: 'a', number: 1, cancellationId: 'c', cancellationNumber: 2, reason: '宛名違い' },
            },
          },
        ]);
      // The 赤伝 takes the sale off the method it was paid by.
      expect(cancellation!.type === 'ReceiptIssued' && cancellation!.data.paymentMethod).toBe('cash');
    });

    it('refuses a correction without a reason or that changes nothing', () => {
      spec
        .given([paidInCash()])
        .when(correct({ addressee: '別名' }, 'a', '  '))
        .thenThrows((e: DomainError) => e.code === 'reason_required');
      spec
        .given([paidInCash()])
        .when(correct({ addressee: '山田', paymentMethod: 'cash' }))
        .thenThrows((e: DomainError) => e.code === 'correction_unchanged');
    });

    it('refuses to correct a cancelled receipt, a 赤伝 or a receipt not in the book', () => {
      const cancelled: ReceiptEvent[] = [
        issued('a', 'r1', 1),
        { type: 'ReceiptIssued', data: { ...sale('c', 'r1'), number: 2, kind: 'cancellation', cancels: { receiptId: 'a', number: 1, reason: 'x' } } },
      ];
      spec
        .given(cancelled)
        .when(correct({ addressee: '別名' }))
        .thenThrows((e: DomainError) => e.code === 'receipt_cancelled');
      spec
        .given(cancelled)
        .when(correct({ addressee: '別名' }, 'c'))
        .thenThrows((e: DomainError) => e.code === 'not_a_sale');
      spec
        .given([])
        .when(correct({ addressee: '別名' }))
        .thenThrows((e: DomainError) => e.code === 'receipt_not_found');
    });

    it("the corrected receipt is the visit's sale from then on and may be corrected again; the original and its 赤伝 may not", () => {
      const corrected = (): ReceiptEvent[] => {
        const events: ReceiptEvent[] = [paidInCash()];
        const state = events.reduce(receiptBookDecider.evolve, receiptBookDecider.initialState());
        return [...events, ...receiptBookDecider.decide(correct({ addressee: '別名' }), state)];
      };
      const state = corrected().reduce(receiptBookDecider.evolve, receiptBookDecider.initialState());
      expect(state.sales['r1/']).toBe('n');
      expect(state.receipts.a!.correctedBy).toEqual({ receiptId: 'n', number: 3 });
      expect(state.receipts.a!.cancelledBy).toBe('c');
      const again = receiptBookDecider.decide({ ...correct({ addressee: '三人目' }, 'n'), cancellationId: 'c2', correctedId: 'n2' }, state);
      expect(again.map((e) => e.type === 'ReceiptIssued' && [e.data.number, e.data.kind, e.data.cancels?.receiptId ?? e.data.corrects?.receiptId])).toEqual([
        [4, 'cancellation', 'n'],
        [5, 'sale', 'n'],
      ]);
      spec
        .given(corrected())
        .when({ type: 'CancelReceipt', receiptId: 'd', originalId: 'c', reason: 'y', now: NOW })
        .thenThrows((e: DomainError) => e.code === 'not_a_sale');
      spec
        .given(corrected())
        .when({ ...correct({ addressee: '別名2' }), cancellationId: 'c2', correctedId: 'n2' })
        .thenThrows((e: DomainError) => e.code === 'receipt_cancelled');
    });
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

import { assertNever, DomainError, type Decider } from '../decider';
import { parseReceiptEvent, type RateTotal, type ReceiptEvent, type ReceiptLine } from './events';

/**
 * A store's receipt book (`receipts-{storeId}`, decision 240): receipts numbered one after the
 * last, never edited. A sale is issued once per visit and split part (a retry finds it issued);
 * a cancellation (赤伝) negates one sale, once; a reprint is recorded and marks later prints 再発行.
 */
export type IssuedReceipt = Extract<ReceiptEvent, { type: 'ReceiptIssued' }>['data'];

export interface ReceiptBookState {
  lastNumber: number;
  receipts: Record<string, IssuedReceipt & { reissued: number; cancelledBy: string | null }>;
  /** `{reservationId}/{partId or ''}` → the sale's receipt id. */
  sales: Record<string, string>;
}

export type ReceiptBookCommand =
  | { type: 'IssueReceipt'; receipt: Omit<IssuedReceipt, 'number' | 'kind' | 'cancels'> }
  | { type: 'CancelReceipt'; receiptId: string; originalId: string; reason: string; now: string }
  | { type: 'ReissueReceipt'; receiptId: string; now: string };

/** `receipt_not_found`, `receipt_cancelled` (already cancelled), `not_a_sale` (a 赤伝 is not cancelled again). */
export type ReceiptErrorCode = 'receipt_not_found' | 'receipt_cancelled' | 'not_a_sale';

export const saleKey = (reservationId: string, partId: string | null) => `${reservationId}/${partId ?? ''}`;

const negateLine = (l: ReceiptLine): ReceiptLine => ({ ...l, quantity: -l.quantity, amount: -l.amount });
const negateRate = (r: RateTotal): RateTotal => ({ ...r, base: -r.base, tax: -r.tax, total: -r.total });

function decide(command: ReceiptBookCommand, state: ReceiptBookState): ReceiptEvent[] {
  switch (command.type) {
    case 'IssueReceipt': {
      const { receipt } = command;
      if (Object.hasOwn(state.sales, saleKey(receipt.reservationId, receipt.partId))) return [];
      return [{ type: 'ReceiptIssued', data: { ...receipt, number: state.lastNumber + 1, kind: 'sale', cancels: null } }];
    }
    case 'CancelReceipt': {
      const original = Object.hasOwn(state.receipts, command.originalId) ? state.receipts[command.originalId]! : null;
      if (!original) throw new DomainError<ReceiptErrorCode>('receipt_not_found');
      if (original.kind !== 'sale') throw new DomainError<ReceiptErrorCode>('not_a_sale');
      if (original.cancelledBy !== null)
        throw new DomainError<ReceiptErrorCode>('receipt_cancelled', 'receipt_cancelled', { cancelledBy: original.cancelledBy });
      const { reissued: _reissued, cancelledBy: _cancelledBy, ...sale } = original;
      return [
        {
          type: 'ReceiptIssued',
          data: {
            ...sale,
            receiptId: command.receiptId,
            number: state.lastNumber + 1,
            kind: 'cancellation',
            cancels: { receiptId: original.receiptId, number: original.number, reason: command.reason },
            issuedAt: command.now,
            lines: original.lines.map(negateLine),
            totalsByRate: original.totalsByRate.map(negateRate),
            total: -original.total,
            ...(original.discounts ? { discounts: original.discounts.map((d) => ({ ...d, amount: -d.amount })) } : {}),
            // Nothing is handed over for a 赤伝: the refund's cash is its total.
            tendered: null,
            change: null,
          },
        },
      ];
    }
    case 'ReissueReceipt':
      if (!Object.hasOwn(state.receipts, command.receiptId)) throw new DomainError<ReceiptErrorCode>('receipt_not_found');
      return [{ type: 'ReceiptReissued', data: { receiptId: command.receiptId, reissuedAt: command.now } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: ReceiptBookState, event: ReceiptEvent): ReceiptBookState {
  switch (event.type) {
    case 'ReceiptIssued': {
      const r = event.data;
      const receipts = { ...state.receipts, [r.receiptId]: { ...r, reissued: 0, cancelledBy: null } };
      if (r.cancels && Object.hasOwn(receipts, r.cancels.receiptId))
        receipts[r.cancels.receiptId] = { ...receipts[r.cancels.receiptId]!, cancelledBy: r.receiptId };
      const sales = r.kind === 'sale' ? { ...state.sales, [saleKey(r.reservationId, r.partId)]: r.receiptId } : state.sales;
      return { lastNumber: Math.max(state.lastNumber, r.number), receipts, sales };
    }
    case 'ReceiptReissued': {
      const r = state.receipts[event.data.receiptId];
      return r ? { ...state, receipts: { ...state.receipts, [r.receiptId]: { ...r, reissued: r.reissued + 1 } } } : state;
    }
    default:
      return assertNever(event);
  }
}

export const receiptBookDecider: Decider<ReceiptBookState, ReceiptBookCommand, ReceiptEvent> = {
  initialState: () => ({ lastNumber: 0, receipts: {}, sales: {} }),
  evolve,
  decide,
  parseEvent: parseReceiptEvent,
};

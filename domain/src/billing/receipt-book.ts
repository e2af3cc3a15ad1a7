import { assertNever, DomainError, type Decider } from '../decider';
import type { PaymentMethod } from '../reservation/events';
import { parseReceiptEvent, type RateTotal, type ReceiptEvent, type ReceiptLine } from './events';

/**
 * A store's receipt book (`receipts-{storeId}`, decision 240): receipts numbered one after the
 * last, never edited. A sale is issued once per visit and split part (a retry finds it issued);
 * a cancellation (赤伝) negates one sale, once; a correction (訂正, decision 648) is that 赤伝 and the
 * corrected sale in one append, numbered one after the other; a reprint is recorded and marks later prints 再発行.
 */
export type IssuedReceipt = Extract<ReceiptEvent, { type: 'ReceiptIssued' }>['data'];

/** A receipt in the book: as issued, with its reprints, the 赤伝 that cancelled it and the receipt that corrected it. */
export type BookReceipt = IssuedReceipt & { reissued: number; cancelledBy: string | null; correctedBy: { receiptId: string; number: number } | null };

/** What a correction may change (decision 648): 宛名, 但し書き and the payment method; the amounts stay the sale's. */
export interface ReceiptChanges {
  addressee?: string | null;
  proviso?: string | null;
  paymentMethod?: PaymentMethod;
}

export interface ReceiptBookState {
  lastNumber: number;
  receipts: Record<string, BookReceipt>;
  /** `{reservationId}/{partId or ''}` → the sale's receipt id. */
  sales: Record<string, string>;
}

export type ReceiptBookCommand =
  | { type: 'IssueReceipt'; receipt: Omit<IssuedReceipt, 'number' | 'kind' | 'cancels'> }
  | { type: 'CancelReceipt'; receiptId: string; originalId: string; reason: string; now: string }
  | { type: 'CorrectReceipt'; cancellationId: string; correctedId: string; originalId: string; reason: string; changes: ReceiptChanges; now: string }
  | { type: 'ReissueReceipt'; receiptId: string; now: string };

/**
 * `receipt_not_found`, `receipt_cancelled` (already cancelled), `not_a_sale` (a 赤伝 is not cancelled
 * or corrected), and for a correction `reason_required` and `correction_unchanged` (it changes nothing).
 */
export type ReceiptErrorCode = 'receipt_not_found' | 'receipt_cancelled' | 'not_a_sale' | 'reason_required' | 'correction_unchanged';

export const saleKey = (reservationId: string, partId: string | null) => `${reservationId}/${partId ?? ''}`;

const negateLine = (l: ReceiptLine): ReceiptLine => ({ ...l, quantity: -l.quantity, amount: -l.amount });
const negateRate = (r: RateTotal): RateTotal => ({ ...r, base: -r.base, tax: -r.tax, total: -r.total });

/** The sale a 赤伝 may cancel: in the book, a sale, not cancelled yet. */
function cancellableSale(state: ReceiptBookState, receiptId: string): IssuedReceipt {
  const original = Object.hasOwn(state.receipts, receiptId) ? state.receipts[receiptId]! : null;
  if (!original) throw new DomainError<ReceiptErrorCode>('receipt_not_found');
  if (original.kind !== 'sale') throw new DomainError<ReceiptErrorCode>('not_a_sale');
  if (original.cancelledBy !== null) throw new DomainError<ReceiptErrorCode>('receipt_cancelled', 'receipt_cancelled', { cancelledBy: original.cancelledBy });
  const { reissued: _reissued, cancelledBy: _cancelledBy, correctedBy: _correctedBy, ...sale } = original;
  return sale;
}

/** The 赤伝 of `original`: the next number, every amount negated, referencing it. */
function cancellationOf(original: IssuedReceipt, receipt: { receiptId: string; number: number; reason: string; now: string }): IssuedReceipt {
  // A corrected sale's reference to what it corrects stays with the sale: the 赤伝 names only what it cancels.
  const { corrects: _corrects, replacedBy: _replacedBy, ...sale } = original;
  return {
    ...sale,
    receiptId: receipt.receiptId,
    number: receipt.number,
    kind: 'cancellation',
    cancels: { receiptId: original.receiptId, number: original.number, reason: receipt.reason },
    issuedAt: receipt.now,
    lines: original.lines.map(negateLine),
    totalsByRate: original.totalsByRate.map(negateRate),
    total: -original.total,
    ...(original.discounts ? { discounts: original.discounts.map((d) => ({ ...d, amount: -d.amount })) } : {}),
    // Nothing is handed over for a 赤伝: the refund's cash is its total.
    tendered: null,
    change: null,
  };
}

/**
 * A correction (decision 648): the 赤伝 of the sale and the corrected sale, numbered one after the
 * other, each naming the other. The corrected sale is the original with the changes: same lines,
 * rates, discounts and whole bill; the cash handed over stays only while the method stays cash.
 */
function correct(command: Extract<ReceiptBookCommand, { type: 'CorrectReceipt' }>, state: ReceiptBookState): ReceiptEvent[] {
  const original = cancellableSale(state, command.originalId);
  const reason = command.reason.trim();
  if (reason === '') throw new DomainError<ReceiptErrorCode>('reason_required');
  const { changes } = command;
  const corrected = {
    addressee: changes.addressee !== undefined ? changes.addressee : original.addressee,
    proviso: changes.proviso !== undefined ? changes.proviso : original.proviso,
    paymentMethod: changes.paymentMethod ?? original.paymentMethod,
  };
  if (corrected.addressee === original.addressee && corrected.proviso === original.proviso && corrected.paymentMethod === original.paymentMethod)
    throw new DomainError<ReceiptErrorCode>('correction_unchanged');
  const cancellationNumber = state.lastNumber + 1;
  const correctedNumber = cancellationNumber + 1;
  const stillCash = corrected.paymentMethod === 'cash' && original.paymentMethod === 'cash';
  return [
    {
      type: 'ReceiptIssued',
      data: {
        ...cancellationOf(original, { receiptId: command.cancellationId, number: cancellationNumber, reason, now: command.now }),
        replacedBy: { receiptId: command.correctedId, number: correctedNumber },
      },
    },
    {
      type: 'ReceiptIssued',
      data: {
        ...original,
        ...corrected,
        receiptId: command.correctedId,
        number: correctedNumber,
        issuedAt: command.now,
        tendered: stillCash ? (original.tendered ?? null) : null,
        change: stillCash ? (original.change ?? null) : null,
        corrects: {
          receiptId: original.receiptId,
          number: original.number,
          cancellationId: command.cancellationId,
          cancellationNumber,
          reason,
        },
      },
    },
  ];
}

function decide(command: ReceiptBookCommand, state: ReceiptBookState): ReceiptEvent[] {
  switch (command.type) {
    case 'IssueReceipt': {
      const { receipt } = command;
      if (Object.hasOwn(state.sales, saleKey(receipt.reservationId, receipt.partId))) return [];
      return [{ type: 'ReceiptIssued', data: { ...receipt, number: state.lastNumber + 1, kind: 'sale', cancels: null } }];
    }
    case 'CancelReceipt': {
      const original = cancellableSale(state, command.originalId);
      const { receiptId, reason, now } = command;
      return [{ type: 'ReceiptIssued', data: cancellationOf(original, { receiptId, number: state.lastNumber + 1, reason, now }) }];
    }
    case 'CorrectReceipt':
      return correct(command, state);
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
      const receipts = { ...state.receipts, [r.receiptId]: { ...r, reissued: 0, cancelledBy: null, correctedBy: null } };
      if (r.cancels && Object.hasOwn(receipts, r.cancels.receiptId))
        receipts[r.cancels.receiptId] = { ...receipts[r.cancels.receiptId]!, cancelledBy: r.receiptId };
      if (r.corrects && Object.hasOwn(receipts, r.corrects.receiptId))
        receipts[r.corrects.receiptId] = { ...receipts[r.corrects.receiptId]!, correctedBy: { receiptId: r.receiptId, number: r.number } };
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

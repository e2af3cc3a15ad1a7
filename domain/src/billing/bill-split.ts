import { assertNever, DomainError, type Decider } from '../decider';
import type { PaymentMethod } from '../reservation/events';
import { parseBillEvent, type BillEvent } from './events';

/**
 * A visit's split bill (`bill-{reservationId}`, decision 240): split by items or into N equal
 * parts, each part paid once by its own method with its own receipt. A split may be made again
 * until its first part is paid.
 */
export type SplitData = Extract<BillEvent, { type: 'BillSplit' }>['data'];

export interface BillSplitState {
  split: SplitData | null;
  paid: Record<string, { paymentMethod: PaymentMethod; receiptId: string; receiptNumber: number; paidAt: string }>;
}

export type BillSplitCommand =
  | { type: 'SplitBill'; split: SplitData }
  | { type: 'PayPart'; partId: string; paymentMethod: PaymentMethod; receiptId: string; receiptNumber: number; now: string };

/** `part_paid_already` (a split with a paid part is not split again, a part not paid twice), `unknown_part`, `not_split`. */
export type BillSplitErrorCode = 'split_started' | 'unknown_part' | 'not_split';

function decide(command: BillSplitCommand, state: BillSplitState): BillEvent[] {
  switch (command.type) {
    case 'SplitBill':
      if (Object.keys(state.paid).length > 0) throw new DomainError<BillSplitErrorCode>('split_started');
      return [{ type: 'BillSplit', data: command.split }];
    case 'PayPart': {
      if (!state.split) throw new DomainError<BillSplitErrorCode>('not_split');
      if (!state.split.parts.some((p) => p.partId === command.partId)) throw new DomainError<BillSplitErrorCode>('unknown_part');
      if (Object.hasOwn(state.paid, command.partId)) return [];
      const { partId, paymentMethod, receiptId, receiptNumber, now } = command;
      return [{ type: 'BillPartPaid', data: { partId, paymentMethod, receiptId, receiptNumber, paidAt: now } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: BillSplitState, event: BillEvent): BillSplitState {
  switch (event.type) {
    case 'BillSplit':
      return { split: event.data, paid: {} };
    case 'BillPartPaid': {
      const { partId, ...paid } = event.data;
      return { ...state, paid: { ...state.paid, [partId]: paid } };
    }
    default:
      return assertNever(event);
  }
}

/** Whether every part of the split is paid. */
export const allPaid = (state: BillSplitState) => state.split !== null && state.split.parts.every((p) => Object.hasOwn(state.paid, p.partId));

export const billSplitDecider: Decider<BillSplitState, BillSplitCommand, BillEvent> = {
  initialState: () => ({ split: null, paid: {} }),
  evolve,
  decide,
  parseEvent: parseBillEvent,
};

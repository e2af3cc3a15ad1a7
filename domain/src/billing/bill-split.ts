import { assertNever, DomainError, type Decider } from '../decider';
import type { PaymentMethod } from '../reservation/events';
import { applicableDiscounts, discountTarget, newDiscountAmount, type DiscountableBill, type GivenDiscount } from './discounts';
import { parseBillEvent, type BillEvent } from './events';

/**
 * A visit's bill (`bill-{reservationId}`): its split (decision 240), by items or into N equal
 * parts, each part paid once by its own method with its own receipt, and the discounts staff give
 * and take back (decision 642). A split may be made again until its first part is paid; a
 * discount given or removed before then drops the split (its parts no longer add up to the bill),
 * and after it is refused.
 */
export type SplitData = Extract<BillEvent, { type: 'BillSplit' }>['data'];

export interface BillSplitState {
  split: SplitData | null;
  paid: Record<string, { paymentMethod: PaymentMethod; receiptId: string; receiptNumber: number; paidAt: string }>;
  /** The discounts given and not removed, in the order given. */
  discounts: GivenDiscount[];
}

export type BillSplitCommand =
  | { type: 'SplitBill'; split: SplitData }
  | { type: 'PayPart'; partId: string; paymentMethod: PaymentMethod; receiptId: string; receiptNumber: number; now: string }
  /** The bill as it stands now comes with the command: the discount is checked against it. */
  | { type: 'GiveDiscount'; discount: Omit<GivenDiscount, 'amount'>; bill: DiscountableBill }
  | { type: 'RemoveDiscount'; discountId: string; by: string; now: string };

/**
 * `split_started` (a split with a paid part is not split again, nor discounted), `unknown_part`,
 * `not_split`. A part paid again changes nothing. Discounts (decision 642): `reason_required`,
 * `discount_invalid` (not a whole number above 0), `discount_percent_over` (above 100%),
 * `discount_order_unknown` (an order this bill does not hold), `nothing_to_discount` (it would
 * come to 0円), the tax math's `discount_above_bill`, `discount_unknown` (removing one never given).
 */
export type BillSplitErrorCode =
  | 'split_started'
  | 'unknown_part'
  | 'not_split'
  | 'reason_required'
  | 'discount_invalid'
  | 'discount_percent_over'
  | 'discount_order_unknown'
  | 'nothing_to_discount'
  | 'discount_unknown';

const refuse = (code: BillSplitErrorCode) => new DomainError<BillSplitErrorCode>(code);

function giveDiscount(command: Extract<BillSplitCommand, { type: 'GiveDiscount' }>, state: BillSplitState): BillEvent[] {
  const { discount, bill } = command;
  if (state.discounts.some((d) => d.discountId === discount.discountId)) return [];
  if (Object.keys(state.paid).length > 0) throw refuse('split_started');
  const reason = discount.reason.trim();
  if (reason === '') throw refuse('reason_required');
  if (!Number.isSafeInteger(discount.value) || discount.value <= 0) throw refuse('discount_invalid');
  if (discount.kind === 'percent' && discount.value > 100) throw refuse('discount_percent_over');
  const target = discountTarget(discount, bill);
  if (!target) throw refuse('discount_order_unknown');
  const amount = newDiscountAmount(bill, applicableDiscounts(state.discounts, bill).applied, target);
  if (amount === 0) throw refuse('nothing_to_discount');
  return [{ type: 'DiscountGiven', data: { ...discount, reason, amount } }];
}

function decide(command: BillSplitCommand, state: BillSplitState): BillEvent[] {
  switch (command.type) {
    case 'SplitBill':
      if (Object.keys(state.paid).length > 0) throw refuse('split_started');
      return [{ type: 'BillSplit', data: command.split }];
    case 'PayPart': {
      if (!state.split) throw refuse('not_split');
      if (!state.split.parts.some((p) => p.partId === command.partId)) throw refuse('unknown_part');
      if (Object.hasOwn(state.paid, command.partId)) return [];
      const { partId, paymentMethod, receiptId, receiptNumber, now } = command;
      return [{ type: 'BillPartPaid', data: { partId, paymentMethod, receiptId, receiptNumber, paidAt: now } }];
    }
    case 'GiveDiscount':
      return giveDiscount(command, state);
    case 'RemoveDiscount':
      // A removal resent after it landed finds nothing to remove and changes nothing.
      if (!state.discounts.some((d) => d.discountId === command.discountId)) throw refuse('discount_unknown');
      if (Object.keys(state.paid).length > 0) throw refuse('split_started');
      return [{ type: 'DiscountRemoved', data: { discountId: command.discountId, by: command.by, removedAt: command.now } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: BillSplitState, event: BillEvent): BillSplitState {
  switch (event.type) {
    case 'BillSplit':
      return { ...state, split: event.data, paid: {} };
    case 'BillPartPaid': {
      const { partId, ...paid } = event.data;
      return { ...state, paid: { ...state.paid, [partId]: paid } };
    }
    case 'DiscountGiven':
      return { ...state, split: null, discounts: [...state.discounts, event.data] };
    case 'DiscountRemoved':
      return { ...state, split: null, discounts: state.discounts.filter((d) => d.discountId !== event.data.discountId) };
    default:
      return assertNever(event);
  }
}

/** Whether every part of the split is paid. */
export const allPaid = (state: BillSplitState) => state.split !== null && state.split.parts.every((p) => Object.hasOwn(state.paid, p.partId));

export const billSplitDecider: Decider<BillSplitState, BillSplitCommand, BillEvent> = {
  initialState: () => ({ split: null, paid: {}, discounts: [] }),
  evolve,
  decide,
  parseEvent: parseBillEvent,
};

import { DomainError } from '../decider';
import type { PaymentMethod } from '../reservation/events';
import type { IssuedReceipt } from './receipt-book';
import { changeFor } from './tax-math';

/** Cash handed over (お預かり) and the change given back (お釣り); both null when the amount was not entered. */
export interface CashHandling {
  tendered: number | null;
  change: number | null;
}

/**
 * The cash of a payment of `total` (decision 640): refused before anything is written when an
 * amount is tendered for another method (`tendered_not_cash`) or does not cover the total
 * (`tendered_short`).
 */
export function cashHandling(method: PaymentMethod, tendered: number | null, total: number): CashHandling {
  if (tendered === null) return { tendered: null, change: null };
  if (method !== 'cash') throw new DomainError('tendered_not_cash');
  const change = changeFor(total, tendered);
  if (change === null) throw new DomainError('tendered_short', 'tendered_short', { total });
  return { tendered, change };
}

/** What a receipt recorded of the cash: a payment asked again answers this, not what the new request claims. */
export const recordedCash = (receipt: IssuedReceipt): CashHandling => ({ tendered: receipt.tendered ?? null, change: receipt.change ?? null });

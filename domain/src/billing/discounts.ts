import { DomainError } from '../decider';
import type { BillEvent, ReceiptLine } from './events';
import { pricedTotals, type BillDiscount, type Rounding } from './tax-math';

/**
 * The discounts staff give at the register (decision 642), as the bill applies them: each on the
 * whole bill or on one order's lines, in the order given, by the one tax function (each rate's
 * base reduced in proportion, decision 500).
 */
export type GivenDiscount = Extract<BillEvent, { type: 'DiscountGiven' }>['data'];

/** The bill's lines as the guest was shown them, and where each order's lines are among them. */
export interface DiscountableBill {
  lines: ReceiptLine[];
  /** Order id → the indexes of its lines in `lines`. */
  orderLines: Readonly<Record<string, readonly number[]>>;
  rounding: Rounding;
}

/** A given discount as this bill applies it: its target in the tax math's terms and the yen it comes to now. */
export interface AppliedBillDiscount {
  discount: GivenDiscount;
  target: BillDiscount;
  amount: number;
}

/** What a discount is on: the whole bill, or its order's lines; null for an order the bill does not hold (or holds no line of). */
export function discountTarget(d: Pick<GivenDiscount, 'kind' | 'value' | 'orderId'>, bill: Pick<DiscountableBill, 'orderLines'>): BillDiscount | null {
  if (d.orderId === null) return { kind: d.kind, value: d.value, lines: null };
  const lines = Object.hasOwn(bill.orderLines, d.orderId) ? bill.orderLines[d.orderId]! : [];
  return lines.length > 0 ? { kind: d.kind, value: d.value, lines } : null;
}

/**
 * The given discounts that this bill can carry, in the order given. One that no longer fits —
 * its order was voided, or the bill fell below a yen amount — is left out (`lapsed`) rather than
 * making the bill unreadable: the guest never pays less than 0, and staff see it dropped.
 */
export function applicableDiscounts(given: readonly GivenDiscount[], bill: DiscountableBill): { applied: AppliedBillDiscount[]; lapsed: GivenDiscount[] } {
  const applied: AppliedBillDiscount[] = [];
  const lapsed: GivenDiscount[] = [];
  for (const discount of given) {
    const target = discountTarget(discount, bill);
    const amount = target && amountOf(bill, [...applied.map((a) => a.target), target]);
    if (target && amount !== null) applied.push({ discount, target, amount });
    else lapsed.push(discount);
  }
  return { applied, lapsed };
}

/** The yen the last of `targets` comes to after the ones before it; null when the tax math refuses it. */
function amountOf(bill: DiscountableBill, targets: BillDiscount[]): number | null {
  try {
    return pricedTotals(bill.lines, bill, targets).discounts.at(-1)!.amount;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** The yen a new discount would come to on top of the ones the bill carries (throws the tax math's `discount_above_bill`). */
export function newDiscountAmount(bill: DiscountableBill, carried: readonly AppliedBillDiscount[], target: BillDiscount): number {
  return pricedTotals(bill.lines, bill, [...carried.map((a) => a.target), target]).discounts.at(-1)!.amount;
}

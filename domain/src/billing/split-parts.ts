import { DomainError } from '../decider';
import type { Bill } from '../table/checkout-service';
import { courseBillLines } from './course-lines';
import type { BillPart } from './events';
import { billTotals, discountShares, splitByItems, splitEqually, type StoreRates, type TaxableLine } from './tax-math';

/** A split as staff or a guest ask for it: N equal parts, or each part's lines (index into the bill's lines) and quantities. */
export type SplitRequest = { mode: 'equal'; parts: number } | { mode: 'items'; parts: { line: number; quantity: number }[][] };

/** `nothing_to_split` (a bill without lines), `split_mismatch` (the items given are not exactly the bill's). */
export type SplitErrorCode = 'nothing_to_split' | 'split_mismatch';

/** The bill's lines as ordered: its booked courses first (decision 630), then its orders. */
export const taxable = (bill: Bill): TaxableLine[] => [
  ...courseBillLines(bill.courses).map(({ menuId: _m, kind: _k, ...line }) => line),
  ...bill.orders.flatMap((o) =>
    o.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.price, taxCategory: l.taxCategory, takeout: l.takeout })),
  ),
];

/** The bill's discounts as a receipt prints them (decision 642): each one's reason and yen. */
export const printedDiscounts = (bill: Bill) => bill.discounts.map((d) => ({ reason: d.discount.reason, amount: d.amount }));

/**
 * The parts of a split bill (decision 240): equal shares of every rate (the remainder on the
 * first), or the lines each part was given; each with its share of every discount (decision 645).
 */
export function partsOf(bill: Bill, request: SplitRequest, newId: () => string): BillPart[] {
  const lines = taxable(bill);
  if (lines.length === 0) throw new DomainError<SplitErrorCode>('nothing_to_split');
  const rates: StoreRates = bill.rates;
  const discounts = bill.discounts.map((d) => d.target);
  const printed = printedDiscounts(bill);
  if (request.mode === 'equal') {
    const whole = billTotals(lines, rates, discounts);
    const shares = discountShares(
      printed,
      Array.from({ length: request.parts }, () => 1),
    );
    return splitEqually(whole.totalsByRate, request.parts).map((totalsByRate, i) => ({
      partId: newId(),
      label: `${i + 1}/${request.parts}`,
      lines: whole.lines,
      totalsByRate,
      total: totalsByRate.reduce((s, r) => s + r.total, 0),
      discounts: shares[i]!,
    }));
  }
  const given = lines.map(() => 0);
  for (const part of request.parts)
    for (const { line, quantity } of part) {
      if (line < 0 || line >= lines.length || quantity <= 0) throw new DomainError<SplitErrorCode>('split_mismatch');
      given[line]! += quantity;
    }
  if (given.some((q, i) => q !== lines[i]!.quantity) || request.parts.some((p) => p.length === 0)) throw new DomainError<SplitErrorCode>('split_mismatch');
  const whole = billTotals(lines, rates, discounts);
  const parts = splitByItems(whole, request.parts);
  const shares = discountShares(
    printed,
    parts.map((p) => p.lines.reduce((s, l) => s + l.amount, 0)),
  );
  return parts.map((part, i) => ({
    partId: newId(),
    label: `${i + 1}/${request.parts.length}`,
    ...part,
    discounts: shares[i]!,
  }));
}

import type { BillPart, RateTotal } from './events';
import { type BookReceipt, type IssuedReceipt, type ReceiptBookState } from './receipt-book';

/** One part's receipt as another part's receipt names it (decision 647). */
export interface PartReceipt {
  receiptId: string;
  number: number;
  partLabel: string | null;
}

/**
 * The whole bill an equal split divides (decision 647): the parts' totals per rate added up, which
 * is the bill's own (the split gives each rate's remainder to the first part, so nothing is lost).
 */
export function wholeBillOf(parts: readonly Pick<BillPart, 'totalsByRate'>[]): NonNullable<IssuedReceipt['wholeBill']> {
  const byRate = new Map<string, RateTotal>();
  for (const rate of parts.flatMap((p) => p.totalsByRate)) {
    const key = `${rate.ratePercent}:${String(rate.reduced)}`;
    const sum = byRate.get(key) ?? { ratePercent: rate.ratePercent, reduced: rate.reduced, base: 0, tax: 0, total: 0 };
    byRate.set(key, { ...sum, base: sum.base + rate.base, tax: sum.tax + rate.tax, total: sum.total + rate.total });
  }
  const totalsByRate = [...byRate.values()];
  return { total: totalsByRate.reduce((s, r) => s + r.total, 0), totalsByRate, parts: parts.length };
}

/**
 * The receipts that stand for an equal split's parts now (decision 647), in number order: each
 * part's sale, its corrected receipt once corrected (decision 648). The guest and the tax office
 * follow the whole bill through them. Empty for a receipt that is no equal part.
 */
export function partReceiptsOf(state: ReceiptBookState, receipt: Pick<BookReceipt, 'reservationId' | 'wholeBill'>): PartReceipt[] {
  if (!receipt.wholeBill) return [];
  const prefix = `${receipt.reservationId}/`;
  return Object.entries(state.sales)
    .filter(([key]) => key.startsWith(prefix) && key.length > prefix.length)
    .map(([, id]) => state.receipts[id]!)
    .map((r) => ({ receiptId: r.receiptId, number: r.number, partLabel: r.partLabel }))
    .sort((a, b) => a.number - b.number);
}

import type { TaxCategory } from './tax-category';
import type { RateTotal, ReceiptLine } from './events';

/**
 * Tax by rate (issue 30, decision 240): a bill groups its lines by rate, sums each group and
 * rounds its tax once. Yen in, yen out: integer arithmetic up to the one division per rate.
 */
export type Rounding = 'floor' | 'round' | 'ceil';

/** The store's rates on a day, and how its menu prices are written. */
export interface StoreRates {
  standardPercent: number;
  reducedPercent: number;
  rounding: Rounding;
  pricesIncludeTax: boolean;
}

/** A line as ordered: the menu's price, its tax category and whether it is taken away. */
export interface TaxableLine {
  name: string;
  quantity: number;
  unitPrice: number;
  taxCategory: TaxCategory;
  takeout: boolean;
}

const rounders: Record<Rounding, (n: number) => number> = { floor: Math.floor, round: Math.round, ceil: Math.ceil };

/** Only a `reduced` item taken away is at the reduced rate; eaten in, goods and alcohol are standard. */
export function isReduced(line: Pick<TaxableLine, 'taxCategory' | 'takeout'>): boolean {
  return line.taxCategory === 'reduced' && line.takeout;
}

export function receiptLine(line: TaxableLine, rates: StoreRates): ReceiptLine {
  const reduced = isReduced(line);
  return {
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.unitPrice * line.quantity,
    ratePercent: reduced ? rates.reducedPercent : rates.standardPercent,
    reduced,
    takeout: line.takeout,
  };
}

/** One rate's tax on its summed amount, rounded once. */
export function rateTotal(amount: number, ratePercent: number, reduced: boolean, rates: Pick<StoreRates, 'rounding' | 'pricesIncludeTax'>): RateTotal {
  const round = rounders[rates.rounding];
  if (rates.pricesIncludeTax) {
    const tax = round((amount * ratePercent) / (100 + ratePercent));
    return { ratePercent, reduced, base: amount - tax, tax, total: amount };
  }
  const tax = round((amount * ratePercent) / 100);
  return { ratePercent, reduced, base: amount, tax, total: amount + tax };
}

/** The lines' totals per rate (the standard rate first), each rate's tax rounded once. */
export function totalsByRate(lines: readonly ReceiptLine[], rates: Pick<StoreRates, 'rounding' | 'pricesIncludeTax'>): RateTotal[] {
  const groups = new Map<string, { ratePercent: number; reduced: boolean; amount: number }>();
  for (const line of lines) {
    const key = `${line.reduced ? 'r' : 's'}${line.ratePercent}`;
    const group = groups.get(key) ?? { ratePercent: line.ratePercent, reduced: line.reduced, amount: 0 };
    group.amount += line.amount;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => Number(a.reduced) - Number(b.reduced) || b.ratePercent - a.ratePercent)
    .map((g) => rateTotal(g.amount, g.ratePercent, g.reduced, rates));
}

export interface BillTotals {
  lines: ReceiptLine[];
  totalsByRate: RateTotal[];
  /** The lines' amounts as the menu writes them (excluding tax, or including it). */
  subtotal: number;
  tax: number;
  total: number;
}

export function billTotals(lines: readonly TaxableLine[], rates: StoreRates): BillTotals {
  const priced = lines.map((l) => receiptLine(l, rates));
  return summed(priced, totalsByRate(priced, rates));
}

export function summed(lines: ReceiptLine[], byRate: RateTotal[]): BillTotals {
  return {
    lines,
    totalsByRate: byRate,
    subtotal: lines.reduce((s, l) => s + l.amount, 0),
    tax: byRate.reduce((s, r) => s + r.tax, 0),
    total: byRate.reduce((s, r) => s + r.total, 0),
  };
}

/** `amount` in `parts` shares: equal, the remainder on the first. */
export function shares(amount: number, parts: number): number[] {
  const each = Math.floor(amount / parts);
  return Array.from({ length: parts }, (_, i) => each + (i === 0 ? amount - each * parts : 0));
}

/**
 * A bill in N equal parts: each rate's total and tax divided into N (remainders on the first
 * part), so the parts add up to the bill exactly, rate by rate.
 */
export function splitEqually(byRate: readonly RateTotal[], parts: number): RateTotal[][] {
  const perRate = byRate.map((r) => ({ rate: r, totals: shares(r.total, parts), taxes: shares(r.tax, parts) }));
  return Array.from({ length: parts }, (_, i) =>
    perRate.map(({ rate, totals, taxes }) => ({
      ratePercent: rate.ratePercent,
      reduced: rate.reduced,
      base: totals[i]! - taxes[i]!,
      tax: taxes[i]!,
      total: totals[i]!,
    })),
  );
}

/** The rates of a store on `date`: the rate change entered ahead once it is in force. */
export function ratesOn(
  rule: {
    ratePercent: number;
    reducedRatePercent?: number;
    rounding: Rounding;
    pricesIncludeTax: boolean;
    nextRates?: { effective_from: string; rate_percent: number; reduced_rate_percent: number } | null;
  },
  date: string,
): StoreRates {
  const next = rule.nextRates && rule.nextRates.effective_from <= date ? rule.nextRates : null;
  return {
    standardPercent: next ? next.rate_percent : rule.ratePercent,
    reducedPercent: next ? next.reduced_rate_percent : (rule.reducedRatePercent ?? 8),
    rounding: rule.rounding,
    pricesIncludeTax: rule.pricesIncludeTax,
  };
}

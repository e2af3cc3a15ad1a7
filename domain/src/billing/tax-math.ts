import { DomainError } from '../decider';
import type { TaxCategory } from './tax-category';
import type { RateTotal, ReceiptLine } from './events';

/**
 * The one tax function of the house (decisions 240 and 500). Every price a guest sees, every bill,
 * split, discount, receipt and change goes through here:
 *
 * - `shownUnitPrice`: a price as the owner entered it (with or without tax, the store's setting)
 *   at a line's rate gives the tax-included unit price the guest is shown (総額表示).
 * - `billTotals`: the bill is the sum of those shown prices less its discounts; each rate's
 *   tax is the part contained in that rate's total, rounded once per receipt.
 *
 * Yen in, yen out: integer arithmetic up to the one division per figure.
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

/** The rate a line is taxed at: the reduced rate for a `reduced` item taken away, else the standard rate. */
export function lineRatePercent(line: Pick<TaxableLine, 'taxCategory' | 'takeout'>, rates: Pick<StoreRates, 'standardPercent' | 'reducedPercent'>): number {
  return isReduced(line) ? rates.reducedPercent : rates.standardPercent;
}

/**
 * The tax-included unit price a guest is shown for a price as the owner entered it. Entered with
 * tax, it is that price; entered without, the price with the rate's tax added and the yen's
 * fraction dropped by the store's rounding (so 500円 at 10% is 550円, at 8% 540円).
 */
export function shownUnitPrice(entered: number, setting: Pick<StoreRates, 'pricesIncludeTax' | 'rounding'>, ratePercent: number): number {
  if (setting.pricesIncludeTax) return entered;
  return rounders[setting.rounding]((entered * (100 + ratePercent)) / 100);
}

/** A menu item's two shown prices: eaten in and taken away (the same unless the item is `reduced`). */
export function shownPrices(entered: number, taxCategory: TaxCategory, rates: StoreRates): { eatIn: number; takeout: number } {
  return {
    eatIn: shownUnitPrice(entered, rates, lineRatePercent({ taxCategory, takeout: false }, rates)),
    takeout: shownUnitPrice(entered, rates, lineRatePercent({ taxCategory, takeout: true }, rates)),
  };
}

/** A line as the receipt prints it: its unit price the one the guest was shown, tax included. */
export function receiptLine(line: TaxableLine, rates: StoreRates): ReceiptLine {
  const reduced = isReduced(line);
  const ratePercent = lineRatePercent(line, rates);
  const unitPrice = shownUnitPrice(line.unitPrice, rates, ratePercent);
  return {
    name: line.name,
    quantity: line.quantity,
    unitPrice,
    amount: unitPrice * line.quantity,
    ratePercent,
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

/**
 * A discount as staff give it: a percentage or yen, on the whole bill (`lines` null) or on some of
 * its lines (indexes into the bill's lines). Percent and yen are whole numbers above 0.
 */
export interface BillDiscount {
  kind: 'percent' | 'yen';
  value: number;
  lines: readonly number[] | null;
}

/** One rate's share of a discount, in tax-included yen. */
export interface RateDiscount {
  ratePercent: number;
  reduced: boolean;
  amount: number;
}

/** A discount as the bill applied it: its yen and how they fall on each rate (in proportion to each rate's amount). */
export interface AppliedDiscount {
  amount: number;
  byRate: RateDiscount[];
}

/** `discount_invalid` (not a whole number above 0, over 100%, or on a line the bill lacks), `discount_above_bill` (more than what it is on). */
export type DiscountErrorCode = 'discount_invalid' | 'discount_above_bill';

export interface BillTotals {
  lines: ReceiptLine[];
  /** Per rate after the discounts: `total` tax included, `tax` the part of it, rounded once. */
  totalsByRate: RateTotal[];
  /** The sum of the shown, tax-included line amounts, before discounts. */
  subtotal: number;
  discounts: AppliedDiscount[];
  /** The discounts' yen together. */
  discount: number;
  tax: number;
  /** subtotal − discount: what the guest pays. */
  total: number;
  /** Each line's amount less the discounts given on it alone (a whole-bill discount is on the rates, not the lines). */
  lineAmounts: number[];
}

const rateKey = (r: { reduced: boolean; ratePercent: number }) => `${r.reduced ? 'r' : 's'}${r.ratePercent}`;

/**
 * `amount` shared in proportion to `weights` (largest remainder, ties to the earlier), so the
 * shares are whole yen and add up to `amount` exactly.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Applies the discounts in the order given: a percentage of what its target still comes to
 * (fractions of a yen are not given), a yen amount as it is; each shared over the target's rates
 * in proportion to their amounts (the qualified-invoice rule: each rate's base is reduced).
 */
function applyDiscounts(lines: readonly ReceiptLine[], discounts: readonly BillDiscount[]) {
  const lineLeft = lines.map((l) => l.amount);
  const rateLeft = new Map<string, RateDiscount>();
  for (const l of lines) {
    const key = rateKey(l);
    const r = rateLeft.get(key) ?? { ratePercent: l.ratePercent, reduced: l.reduced, amount: 0 };
    r.amount += l.amount;
    rateLeft.set(key, r);
  }
  const applied: AppliedDiscount[] = [];
  for (const d of discounts) {
    if (!Number.isSafeInteger(d.value) || d.value <= 0 || (d.kind === 'percent' && d.value > 100)) throw new DomainError<DiscountErrorCode>('discount_invalid');
    if (d.lines !== null && (d.lines.length === 0 || d.lines.some((i) => !Number.isInteger(i) || i < 0 || i >= lines.length)))
      throw new DomainError<DiscountErrorCode>('discount_invalid');
    // The target: the whole bill by rate, or the chosen lines (each once) by rate.
    const targets =
      d.lines === null
        ? [...rateLeft.values()].map((r) => ({ key: rateKey(r), amount: r.amount, line: -1 }))
        : [...new Set(d.lines)].map((i) => ({ key: rateKey(lines[i]!), amount: lineLeft[i]!, line: i }));
    const base = targets.reduce((s, t) => s + t.amount, 0);
    const amount = d.kind === 'percent' ? Math.floor((base * d.value) / 100) : d.value;
    if (amount > base) throw new DomainError<DiscountErrorCode>('discount_above_bill');
    const shares = allocate(
      amount,
      targets.map((t) => t.amount),
    );
    // A line's discount is checked against the line, but an earlier whole-bill discount may
    // already have taken part of its rate: no rate may end below 0, or the bill would.
    const takenByRate = new Map<string, number>();
    targets.forEach((t, i) => takenByRate.set(t.key, (takenByRate.get(t.key) ?? 0) + shares[i]!));
    for (const [key, taken] of takenByRate) if (taken > rateLeft.get(key)!.amount) throw new DomainError<DiscountErrorCode>('discount_above_bill');
    const byRate = new Map<string, RateDiscount>();
    targets.forEach((t, i) => {
      const rate = rateLeft.get(t.key)!;
      rate.amount -= shares[i]!;
      if (t.line >= 0) lineLeft[t.line]! -= shares[i]!;
      const r = byRate.get(t.key) ?? { ratePercent: rate.ratePercent, reduced: rate.reduced, amount: 0 };
      r.amount += shares[i]!;
      byRate.set(t.key, r);
    });
    applied.push({ amount, byRate: [...byRate.values()].filter((r) => r.amount !== 0) });
  }
  return { applied, lineLeft };
}

/**
 * The bill of these lines: each line at the price the guest was shown (tax included), less the
 * discounts, each rate's tax rounded once. The total is the sum of the shown prices less the
 * discounts, whatever the store's price setting.
 */
export function billTotals(lines: readonly TaxableLine[], rates: StoreRates, discounts: readonly BillDiscount[] = []): BillTotals {
  return pricedTotals(
    lines.map((l) => receiptLine(l, rates)),
    rates,
    discounts,
  );
}

/** `billTotals` of lines already priced as shown (a split part, a receipt's lines). */
export function pricedTotals(lines: ReceiptLine[], rates: Pick<StoreRates, 'rounding'>, discounts: readonly BillDiscount[] = []): BillTotals {
  const { applied, lineLeft } = applyDiscounts(lines, discounts);
  const less = new Map<string, number>();
  for (const d of applied) for (const r of d.byRate) less.set(rateKey(r), (less.get(rateKey(r)) ?? 0) + r.amount);
  const gross = totalsByRate(lines, { rounding: rates.rounding, pricesIncludeTax: true });
  const net = gross.map((g) =>
    rateTotal(g.total - (less.get(rateKey(g)) ?? 0), g.ratePercent, g.reduced, { rounding: rates.rounding, pricesIncludeTax: true }),
  );
  return { ...summed(lines, net), discounts: applied, discount: applied.reduce((s, d) => s + d.amount, 0), lineAmounts: lineLeft };
}

/** Lines and per-rate totals together (totals as given, no discounts among them). */
export function summed(lines: ReceiptLine[], byRate: RateTotal[]): Omit<BillTotals, 'discounts' | 'discount' | 'lineAmounts'> {
  return {
    lines,
    totalsByRate: byRate,
    subtotal: lines.reduce((s, l) => s + l.amount, 0),
    tax: byRate.reduce((s, r) => s + r.tax, 0),
    total: byRate.reduce((s, r) => s + r.total, 0),
  };
}

/** What a cash payment gives back: tendered less the total; null when it does not cover it. */
export function changeFor(total: number, tendered: number): number | null {
  return Number.isSafeInteger(tendered) && tendered >= total ? tendered - total : null;
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
/**
 * Each part's share of the bill's discounts (decision 645), in proportion to `weights` (the parts'
 * lines for a split by items, equal for N equal parts): each discount's shares add up to it exactly,
 * so the receipts of the parts count it once between them. A part's share of 0 is left out.
 */
export function discountShares(discounts: readonly { reason: string; amount: number }[], weights: readonly number[]): { reason: string; amount: number }[][] {
  const perDiscount = discounts.map((d) => allocate(d.amount, weights));
  return weights.map((_, part) => discounts.map((d, i) => ({ reason: d.reason, amount: perDiscount[i]![part]! })).filter((d) => d.amount !== 0));
}

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

/** A part of a bill split by items: some quantity of some of its lines. */
export type ItemsPart = readonly { line: number; quantity: number }[];

/**
 * A bill split by items: each part's lines, and its share of every rate's total and tax, in
 * proportion to what its items come to on that rate after their own discounts. The bill's
 * whole-bill discounts and each rate's tax, rounded once for the bill, are shared out, so the
 * parts add up to the bill exactly, rate by rate. The caller has checked that the parts hold
 * every line's quantity exactly.
 */
export function splitByItems(
  bill: Pick<BillTotals, 'lines' | 'lineAmounts' | 'totalsByRate'>,
  parts: readonly ItemsPart[],
): { lines: ReceiptLine[]; totalsByRate: RateTotal[]; total: number }[] {
  const weightsOf = (rate: RateTotal) =>
    parts.map((part) =>
      part.reduce((sum, { line, quantity }) => {
        const l = bill.lines[line]!;
        return rateKey(l) === rateKey(rate) ? sum + (bill.lineAmounts[line]! * quantity) / l.quantity : sum;
      }, 0),
    );
  const perRate = bill.totalsByRate.map((rate) => {
    const weights = weightsOf(rate);
    return { rate, totals: allocate(rate.total, weights), taxes: allocate(rate.tax, weights), weights };
  });
  return parts.map((part, i) => {
    const totalsByRate = perRate
      .filter(({ weights }) => weights[i]! > 0)
      .map(({ rate, totals, taxes }) => ({
        ratePercent: rate.ratePercent,
        reduced: rate.reduced,
        base: totals[i]! - taxes[i]!,
        tax: taxes[i]!,
        total: totals[i]!,
      }));
    const lines = part.map(({ line, quantity }) => {
      const l = bill.lines[line]!;
      return { ...l, quantity, amount: l.unitPrice * quantity };
    });
    return { lines, totalsByRate, total: totalsByRate.reduce((s, r) => s + r.total, 0) };
  });
}

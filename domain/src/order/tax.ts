/**
 * Tax at checkout (decision 063). The spec's rule is 10% rounded down, added to the order total;
 * a store may set another rate and rounding (catalog kind `tax`, /admin/tax-management) and say
 * that its menu prices already include tax, in which case the tax is the part contained in them.
 */
/** How the tax's fraction of a yen is dropped: down (the spec's), to the nearest, or up. */
export const TAX_ROUNDINGS = ['floor', 'round', 'ceil'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

export interface TaxRule {
  /** Whole percent, e.g. 10. */
  ratePercent: number;
  rounding: TaxRounding;
  /** Menu prices already include tax (総額表示): the total is the subtotal. */
  pricesIncludeTax: boolean;
  /** The reduced rate for food taken away (decision 240), 8 when unset. */
  reducedRatePercent?: number;
  /** A rate change entered ahead (decision 240): from `effective_from` the two rates are these. */
  nextRates?: { effective_from: string; rate_percent: number; reduced_rate_percent: number } | null;
}

/** The spec's rule, and every store's until it sets its own (the `tax` kind's defaults are these): 10%, rounded down, added on top. */
export const DEFAULT_TAX_RULE: TaxRule = { ratePercent: 10, rounding: 'floor', pricesIncludeTax: false };

const rounders: Record<TaxRounding, (n: number) => number> = { floor: Math.floor, round: Math.round, ceil: Math.ceil };

export interface TaxedTotal {
  subtotal: number;
  tax: number;
  total: number;
}

/** Yen in, yen out: integer arithmetic up to the one division, so 10% of 1,234 is exactly 123. */
export function taxedTotal(subtotal: number, rule: TaxRule): TaxedTotal {
  const round = rounders[rule.rounding];
  if (rule.pricesIncludeTax) {
    const tax = round((subtotal * rule.ratePercent) / (100 + rule.ratePercent));
    return { subtotal, tax, total: subtotal };
  }
  const tax = round((subtotal * rule.ratePercent) / 100);
  return { subtotal, tax, total: subtotal + tax };
}

import { z } from 'zod';
import { paymentMethodSchema } from '../reservation/events';

/**
 * The figures of one business day as the daily close (日計) records them, all in yen and counts.
 * They are computed from the read models (projections/src/register/day-figures.ts) at the moment
 * of closing and kept in the close's event, so a close says what the owner saw and signed off.
 */
const reasonLineSchema = z.object({ reason: z.string(), count: z.number().int(), amount: z.number().int() });

export const dayFiguresSchema = z.object({
  /** Checkouts with a payment: how many, before tax, tax, and what was paid. */
  sales: z.object({ count: z.number().int(), subtotal: z.number().int(), tax: z.number().int(), total: z.number().int() }),
  byMethod: z.array(z.object({ method: paymentMethodSchema, count: z.number().int(), total: z.number().int() })),
  /** Per tax rate: the taxable amount (before tax), the tax and the total; `reduced` marks the reduced (軽減) rate. */
  byRate: z.array(z.object({ ratePercent: z.number(), reduced: z.boolean(), taxable: z.number().int(), tax: z.number().int(), total: z.number().int() })),
  /** Sold lines by menu category (before tax): the quantity and the amount. */
  byCategory: z.array(z.object({ category: z.string(), quantity: z.number().int(), amount: z.number().int() })),
  /** Visits that ended that day (checkouts, paid or not) and their guests (people). */
  guests: z.number().int(),
  visits: z.number().int(),
  /** Voided orders and refunds, by reason (empty where the store records none). */
  voids: z.object({ count: z.number().int(), amount: z.number().int(), byReason: z.array(reasonLineSchema) }),
  refunds: z.object({ count: z.number().int(), amount: z.number().int(), byReason: z.array(reasonLineSchema) }),
  /** Reservations of the day (booked on the site or by staff), no-shows and cancellations. */
  reservations: z.object({ booked: z.number().int(), noShows: z.number().int(), cancelled: z.number().int() }),
  /** Cash the drawer should hold from the day's takings: cash handed over less the change given and the cash refunds. */
  cashExpected: z.number().int(),
  /**
   * The cash sales' money over the counter (decision 640): handed over (a sale without an amount
   * entered as its total) and the change given back. Shown beside the expected cash, not vouched
   * for on its own: their difference is the cash sales, which the close vouches for.
   */
  cash: z.object({ tendered: z.number().int(), change: z.number().int() }).default({ tendered: 0, change: 0 }),
  /**
   * The discounts given at the register (decision 642), by reason, as the day's receipts printed
   * them. Shown, not vouched for on their own: the money they took off is already in the sales.
   */
  discounts: z
    .object({ count: z.number().int(), amount: z.number().int(), byReason: z.array(reasonLineSchema) })
    .default({ count: 0, amount: 0, byReason: [] }),
  /**
   * The receipts corrected (訂正, decision 648), by reason: how many and the yen of the corrected
   * receipts. A correction is no refund: its 赤伝 and corrected receipt net to nothing in the sales,
   * and only a payment method it changed moves money between methods. Shown, not vouched for: a
   * correction after the close that moves no money needs no correction of the close.
   */
  corrections: z
    .object({ count: z.number().int(), amount: z.number().int(), byReason: z.array(reasonLineSchema) })
    .default({ count: 0, amount: 0, byReason: [] }),
});
export type DayFigures = z.output<typeof dayFiguresSchema>;

/** A day with nothing in it. */
export const NO_FIGURES: DayFigures = {
  sales: { count: 0, subtotal: 0, tax: 0, total: 0 },
  byMethod: [],
  byRate: [],
  byCategory: [],
  guests: 0,
  visits: 0,
  voids: { count: 0, amount: 0, byReason: [] },
  refunds: { count: 0, amount: 0, byReason: [] },
  reservations: { booked: 0, noShows: 0, cancelled: 0 },
  cashExpected: 0,
  cash: { tendered: 0, change: 0 },
  discounts: { count: 0, amount: 0, byReason: [] },
  corrections: { count: 0, amount: 0, byReason: [] },
};

/**
 * The figures a close vouches for (decision 516): the money, its methods, rates and categories,
 * 会計数, 客数, voids, refunds and the cash expected. 組数 and the reservations are the day's record,
 * not the till's: a visit ended without payment or a no-show marked after the close changes
 * neither what was taken nor what the drawer holds, so it needs no correction.
 */
function vouched(figures: DayFigures) {
  const { visits: _visits, reservations: _reservations, discounts: _discounts, corrections: _corrections, ...money } = dayFiguresSchema.parse(figures);
  return money;
}

/** Whether two sets of figures vouch for the same numbers. */
export function sameFigures(a: DayFigures, b: DayFigures): boolean {
  return changedFigures(a, b).length === 0;
}

/**
 * One vouched figure as a path and its number: `sales.total`, `guests`, `byMethod.cash.total`,
 * `byRate.8r.tax` (r: the reduced rate), `byCategory.drink.amount`, `refunds.注文間違い.amount`.
 */
function figureEntries(figures: DayFigures): Map<string, number> {
  const f = vouched(figures);
  const entries = new Map<string, number>();
  const put = (prefix: string, values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) if (typeof value === 'number') entries.set(`${prefix}${key}`, value);
  };
  put('sales.', f.sales);
  put('', { guests: f.guests, cashExpected: f.cashExpected });
  for (const m of f.byMethod) put(`byMethod.${m.method}.`, { count: m.count, total: m.total });
  for (const r of f.byRate) put(`byRate.${r.ratePercent}${r.reduced ? 'r' : ''}.`, { taxable: r.taxable, tax: r.tax, total: r.total });
  for (const c of f.byCategory) put(`byCategory.${c.category}.`, { quantity: c.quantity, amount: c.amount });
  for (const kind of ['voids', 'refunds'] as const) {
    put(`${kind}.`, { count: f[kind].count, amount: f[kind].amount });
    for (const r of f[kind].byReason) put(`${kind}.${r.reason}.`, { count: r.count, amount: r.amount });
  }
  return entries;
}

export interface FigureChange {
  /** The figure's path (see figureEntries). */
  figure: string;
  before: number;
  after: number;
}

/** The vouched figures that differ between a close and now, each with its number before and after (0 where a line is new or gone). */
export function changedFigures(before: DayFigures, after: DayFigures): FigureChange[] {
  const a = figureEntries(before);
  const b = figureEntries(after);
  return [...new Set([...a.keys(), ...b.keys()])]
    .map((figure) => ({ figure, before: a.get(figure) ?? 0, after: b.get(figure) ?? 0 }))
    .filter((c) => c.before !== c.after);
}

/** What is still open when a day closes (decision 516): parties at a table and orders nobody paid. */
export const openAtCloseSchema = z.object({
  visits: z.array(z.object({ reservationId: z.string(), people: z.number().int(), seats: z.string(), seatedAt: z.string() })),
  unpaidOrders: z.array(z.object({ orderId: z.string(), reservationId: z.string(), seats: z.string(), subtotal: z.number().int(), orderedAt: z.string() })),
});
export type OpenAtClose = z.output<typeof openAtCloseSchema>;

export const NOTHING_OPEN: OpenAtClose = { visits: [], unpaidOrders: [] };

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
  /** Cash the drawer should hold from the day's takings: cash sales less cash refunds. */
  cashExpected: z.number().int(),
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
};

/** Whether two sets of figures say the same (their lists compared in the order the read port gives them). */
export function sameFigures(a: DayFigures, b: DayFigures): boolean {
  return JSON.stringify(dayFiguresSchema.parse(a)) === JSON.stringify(dayFiguresSchema.parse(b));
}

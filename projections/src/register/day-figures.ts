import { sql, type Kysely } from 'kysely';
import { addDays, tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import { menuCategory } from '@moncafe/domain/catalog/menu-category';
import type { RateTotal } from '@moncafe/domain/billing/events';
import { NO_FIGURES, type DayFigures } from '@moncafe/domain/register/figures';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Database } from '../database';
import { taxRuleOf } from '../tax/queries';
import { checkoutsByDay, paidLines, takingRows } from './figures';

const METHODS: readonly PaymentMethod[] = ['cash', 'credit', 'electronic', 'qr'];

/** One taking of the day: a receipt (a sale, or a cancelling 赤伝 with negative amounts), or a payment from before receipts. */
interface Taking {
  method: PaymentMethod;
  total: number;
  tax: number;
  rates: RateTotal[];
  refund: { reason: string } | null;
  /** A correction's 赤伝 (decision 648): its sale undone, with the cash that sale recorded; null otherwise. */
  correction: { tendered: number | null; change: number | null } | null;
  tendered: number | null;
  change: number | null;
}

/**
 * A store's business day as the daily close counts it (decision 250), from the register's
 * sources (figures.ts, decision 515) and the read models beside them.
 *
 * Money, by method and by rate: the day's takings. A cancelling receipt (赤伝) is a refund on the
 * day it is issued and takes its amounts off that day's methods and rates; a method's count is its
 * sale takings, so a split paid two ways counts once in each. A correction's 赤伝 (decision 648) is
 * no refund: it undoes its sale (its count and cash too) and the corrected receipt is the sale. 会計数 and 客数: the day's checkouts
 * and their parties' sizes. Sales by category: the lines of the orders the day's checkouts paid,
 * in the menu's category. Visits (組数): the visits that ended that day, paid or not, a merged
 * party once. Reservations: the web bookings of the day. Voids: by reason (decision 283).
 */
export async function dayFiguresOf(db: Kysely<Database>, storeId: string, date: string): Promise<DayFigures> {
  const from = tokyoInstant(date, 0);
  const to = tokyoInstant(addDays(date, 1), 0);
  const range = { storeId, from: date, to: date };
  const [voids, rows, checkouts, categories, visits, reservations, rule] = await Promise.all([
    // The day's voids by reason (decision 283): what was taken off orders before checkout.
    db
      .selectFrom('register_voids')
      .select(['reason', sql<string>`count(*)`.as('count'), sql<string>`sum(amount)`.as('amount')])
      .where('store_id', '=', storeId)
      .where('business_date', '=', date)
      .groupBy('reason')
      .orderBy('reason')
      .execute(),
    takingRows(db, range),
    checkoutsByDay(db, range),
    sql<{ category: MenuCategory | null; name: string; quantity: string; amount: string }>`
      select m.category, coalesce(m.name, min(l.item->>'menu_name')) as name,
        sum((l.item->>'quantity')::int) as quantity, sum((l.item->>'quantity')::int * (l.item->>'price')::int) as amount
      from ${paidLines(range)} l
      left join menu_items m on m.id = l.item->>'menu_id'
      group by l.item->>'menu_id', m.category, m.name`.execute(db),
    db
      .selectFrom('reservations')
      .select(sql<string>`count(*)`.as('visits'))
      .where('store_id', '=', storeId)
      .where('exited_at', '>=', from)
      .where('exited_at', '<', to)
      // A party merged into another ended with its host's visit (decision 370): one visit, counted there.
      .where('merged_into', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reservations')
      .select([
        sql<string>`count(*) filter (where cancelled_at is null and status is distinct from 'no_show')`.as('booked'),
        sql<string>`count(*) filter (where status = 'no_show')`.as('no_shows'),
        sql<string>`count(*) filter (where cancelled_at is not null)`.as('cancelled'),
      ])
      .where('store_id', '=', storeId)
      .where('reservation_date', '=', date)
      .where('origin', '=', 'web')
      .where((eb) => eb.or([eb('confirmed_at', 'is not', null), eb('cancelled_at', 'is not', null)]))
      .executeTakeFirstOrThrow(),
    taxRuleOf(db, storeId),
  ]);

  const takings: Taking[] = rows.map((r) => ({
    method: r.method,
    total: r.total,
    tax: r.tax,
    // A checkout from before receipts counts at the store's rate.
    rates: r.totals_by_rate ?? [{ ratePercent: rule.ratePercent, reduced: false, base: r.subtotal, tax: r.tax, total: r.total }],
    refund: r.refund ? { reason: r.refund_reason ?? '' } : null,
    correction: r.correction ? { tendered: r.undone_tendered, change: r.undone_change } : null,
    tendered: r.tendered,
    change: r.change,
  }));

  const byMethod = new Map<PaymentMethod, { method: PaymentMethod; count: number; total: number }>();
  const byRate = new Map<string, DayFigures['byRate'][number]>();
  const refunds = new Map<string, { reason: string; count: number; amount: number }>();
  // Decision 642: the discounts the day's receipts printed, by reason; a 赤伝 takes its sale's back.
  const discounts = new Map<string, { reason: string; count: number; amount: number }>();
  for (const r of rows)
    for (const d of r.discounts ?? []) {
      const line = discounts.get(d.reason) ?? { reason: d.reason, count: 0, amount: 0 };
      line.count += r.refund ? -1 : 1;
      line.amount += d.amount;
      discounts.set(d.reason, line);
    }
  // Decision 640: the drawer takes what was handed over and gives the change back; a 赤伝 pays its total out.
  // A correction's 赤伝 (decision 648) takes its sale's cash back out instead: nothing left the drawer.
  const cash = { tendered: 0, change: 0, refunded: 0 };
  const corrections = new Map<string, { reason: string; count: number; amount: number }>();
  for (const t of takings) {
    if (t.method === 'cash' && t.correction) {
      cash.tendered -= t.correction.tendered ?? -t.total;
      cash.change -= t.correction.change ?? 0;
    } else if (t.method === 'cash' && t.refund) cash.refunded += -t.total;
    else if (t.method === 'cash') {
      cash.tendered += t.tendered ?? t.total;
      cash.change += t.change ?? 0;
    }
    const m = byMethod.get(t.method) ?? { method: t.method, count: 0, total: 0 };
    // A corrected sale counts once, on the method of its corrected receipt.
    if (!t.refund) m.count += 1;
    else if (t.correction) m.count -= 1;
    m.total += t.total;
    byMethod.set(t.method, m);
    for (const r of t.rates) {
      const key = `${r.ratePercent}:${String(r.reduced)}`;
      const line = byRate.get(key) ?? { ratePercent: r.ratePercent, reduced: r.reduced, taxable: 0, tax: 0, total: 0 };
      line.taxable += r.base;
      line.tax += r.tax;
      line.total += r.total;
      byRate.set(key, line);
    }
    if (t.refund) {
      const lines = t.correction ? corrections : refunds;
      const line = lines.get(t.refund.reason) ?? { reason: t.refund.reason, count: 0, amount: 0 };
      line.count += 1;
      line.amount += -t.total;
      lines.set(t.refund.reason, line);
    }
  }

  // The category a guest sees on the menu: the admin's, else inferred from the name (catalog/menu-category.ts).
  const byCategory = new Map<string, { category: string; quantity: number; amount: number }>();
  for (const r of categories.rows) {
    const category = menuCategory({ name: r.name, category: r.category });
    const line = byCategory.get(category) ?? { category, quantity: 0, amount: 0 };
    line.quantity += Number(r.quantity);
    line.amount += Number(r.amount);
    byCategory.set(category, line);
  }

  const total = takings.reduce((n, t) => n + t.total, 0);
  const tax = takings.reduce((n, t) => n + t.tax, 0);
  const refundLines = [...refunds.values()].sort((a, b) => a.reason.localeCompare(b.reason));
  const correctionLines = [...corrections.values()].sort((a, b) => a.reason.localeCompare(b.reason));
  const discountLines = [...discounts.values()].filter((d) => d.count !== 0 || d.amount !== 0).sort((a, b) => a.reason.localeCompare(b.reason));
  return {
    ...NO_FIGURES,
    sales: { count: checkouts.reduce((n, c) => n + c.count, 0), subtotal: total - tax, tax, total },
    byMethod: [...byMethod.values()].sort((a, b) => METHODS.indexOf(a.method) - METHODS.indexOf(b.method)),
    byRate: [...byRate.values()].sort((a, b) => b.ratePercent - a.ratePercent || Number(a.reduced) - Number(b.reduced)),
    byCategory: [...byCategory.values()].sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category)),
    guests: checkouts.reduce((n, c) => n + c.guests, 0),
    visits: Number(visits.visits),
    voids: {
      count: voids.reduce((n, v) => n + Number(v.count), 0),
      amount: voids.reduce((n, v) => n + Number(v.amount), 0),
      byReason: voids.map((v) => ({ reason: v.reason, count: Number(v.count), amount: Number(v.amount) })).sort((a, b) => a.reason.localeCompare(b.reason)),
    },
    refunds: { count: refundLines.reduce((n, r) => n + r.count, 0), amount: refundLines.reduce((n, r) => n + r.amount, 0), byReason: refundLines },
    reservations: { booked: Number(reservations.booked), noShows: Number(reservations.no_shows), cancelled: Number(reservations.cancelled) },
    cashExpected: cash.tendered - cash.change - cash.refunded,
    cash: { tendered: cash.tendered, change: cash.change },
    discounts: { count: discountLines.reduce((n, d) => n + d.count, 0), amount: discountLines.reduce((n, d) => n + d.amount, 0), byReason: discountLines },
    corrections: {
      count: correctionLines.reduce((n, c) => n + c.count, 0),
      amount: correctionLines.reduce((n, c) => n + c.amount, 0),
      byReason: correctionLines,
    },
  };
}

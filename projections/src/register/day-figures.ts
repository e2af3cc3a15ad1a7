import { sql, type Kysely } from 'kysely';
import { addDays, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { menuCategory } from '@moncafe/domain/catalog/menu-category';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import { NO_FIGURES, type DayFigures } from '@moncafe/domain/register/figures';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Database } from '../database';
import { taxRuleOf } from '../tax/queries';

const METHODS: readonly PaymentMethod[] = ['cash', 'credit', 'electronic', 'qr'];

/**
 * A store's business day as the daily close counts it (decision 250), from the read models only:
 * payments (checkouts with a payment, by their Tokyo date), the orders they paid, the menu's
 * categories, the reservations of the day and the visits that ended on it.
 *
 * Tax per rate: today a checkout records one rate (the store's rule), so the day has one rate
 * line. Voids and refunds: no event records either yet, so both are empty here; this function is
 * the one place to count them once they exist (the seam named in decision 250).
 */
export async function dayFiguresOf(db: Kysely<Database>, storeId: string, date: string): Promise<DayFigures> {
  const from = tokyoInstant(date, 0);
  const to = tokyoInstant(addDays(date, 1), 0);
  const [methods, categories, visits, reservations, rule] = await Promise.all([
    db
      .selectFrom('payments')
      .select([
        'method',
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(subtotal)`.as('subtotal'),
        sql<string>`sum(tax)`.as('tax'),
        sql<string>`sum(total)`.as('total'),
      ])
      .where('store_id', '=', storeId)
      .where('business_date', '=', date)
      .groupBy('method')
      .execute(),
    sql<{ category: MenuCategory | null; name: string; quantity: string; amount: string }>`
      select m.category, coalesce(m.name, min(i.item->>'menu_name')) as name,
        sum((i.item->>'quantity')::int) as quantity, sum((i.item->>'quantity')::int * (i.item->>'price')::int) as amount
      from payments p
      cross join lateral jsonb_array_elements_text(p.order_ids) as po(order_id)
      join orders o on o.id = po.order_id
      cross join lateral jsonb_array_elements(o.items) as i(item)
      left join menu_items m on m.id = i.item->>'menu_id'
      where p.store_id = ${storeId} and p.business_date = ${date}
      group by i.item->>'menu_id', m.category, m.name`.execute(db),
    db
      .selectFrom('reservations')
      .select([sql<string>`count(*)`.as('visits'), sql<string>`coalesce(sum(people), 0)`.as('guests')])
      .where('store_id', '=', storeId)
      .where('exited_at', '>=', from)
      .where('exited_at', '<', to)
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

  // The category a guest sees on the menu: the admin's, else inferred from the name (catalog/menu-category.ts).
  const byCategory = new Map<string, { category: string; quantity: number; amount: number }>();
  for (const r of categories.rows) {
    const category = menuCategory({ name: r.name, category: r.category });
    const line = byCategory.get(category) ?? { category, quantity: 0, amount: 0 };
    line.quantity += Number(r.quantity);
    line.amount += Number(r.amount);
    byCategory.set(category, line);
  }
  const byMethod = methods
    .map((r) => ({ method: r.method, count: Number(r.count), subtotal: Number(r.subtotal), tax: Number(r.tax), total: Number(r.total) }))
    .sort((a, b) => METHODS.indexOf(a.method) - METHODS.indexOf(b.method));
  const sum = (key: 'count' | 'subtotal' | 'tax' | 'total') => byMethod.reduce((n, m) => n + m[key], 0);
  const sales = { count: sum('count'), subtotal: sum('subtotal'), tax: sum('tax'), total: sum('total') };
  return {
    ...NO_FIGURES,
    sales,
    byMethod: byMethod.map(({ method, count, total }) => ({ method, count, total })),
    byRate: sales.count === 0 ? [] : [{ ratePercent: rule.ratePercent, reduced: false, taxable: sales.subtotal, tax: sales.tax, total: sales.total }],
    byCategory: [...byCategory.values()].sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category)),
    guests: Number(visits.guests),
    visits: Number(visits.visits),
    reservations: { booked: Number(reservations.booked), noShows: Number(reservations.no_shows), cancelled: Number(reservations.cancelled) },
    cashExpected: byMethod.find((m) => m.method === 'cash')?.total ?? 0,
  };
}

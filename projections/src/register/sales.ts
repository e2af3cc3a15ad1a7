import { sql, type Kysely } from 'kysely';
import { addDays, datesBetween } from '@moncafe/domain/calendar/dates';
import type { Database } from '../database';
import { byHour, checkoutsByDay, paidLines, takingsByDay, type FigureRange } from './figures';

/**
 * Sales for the owner (decision 251): a store's takings over a range of business
 * days, by day, ISO week (from Monday) or month, with the same-length range before for comparison,
 * the top items, the average spend per guest and the takings by hour. Every figure is the
 * register's (figures.ts, decision 515), so the screen, the daily close and the exports agree.
 */
export type SalesGrain = 'day' | 'week' | 'month';

/** One store or every store together (全店舗, decision 408, closed ones' history included), and its business days. */
export type SalesRange = FigureRange;

/** The bucket a business day falls in: the day, the Monday of its week, or its month. */
export function bucketOf(date: string, grain: SalesGrain): string {
  if (grain === 'day') return date;
  if (grain === 'month') return date.slice(0, 7);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The buckets of a range, in order (empty ones included, so a chart shows the gaps). */
export function bucketsOf(range: Pick<SalesRange, 'from' | 'to'>, grain: SalesGrain): string[] {
  return [...new Set(datesBetween(range.from, range.to).map((d) => bucketOf(d, grain)))];
}

async function totalsOf(db: Kysely<Database>, range: SalesRange) {
  const [checkouts, money] = await Promise.all([checkoutsByDay(db, range), takingsByDay(db, range)]);
  const total = money.reduce((n, r) => n + r.total, 0);
  const tax = money.reduce((n, r) => n + r.tax, 0);
  const guests = checkouts.reduce((n, r) => n + r.guests, 0);
  return {
    count: checkouts.reduce((n, r) => n + r.count, 0),
    subtotal: total - tax,
    tax,
    total,
    guests,
    /** Yen per guest, rounded down; 0 without guests. */
    perGuest: guests > 0 ? Math.floor(total / guests) : 0,
  };
}

export type SalesTotals = Awaited<ReturnType<typeof totalsOf>>;

/** The report of the sales screen and the admin home's figures. */
export async function salesReport(db: Kysely<Database>, range: SalesRange, grain: SalesGrain) {
  const days = datesBetween(range.from, range.to).length;
  const before = { storeId: range.storeId, from: addDays(range.from, -days), to: addDays(range.from, -1) };
  const [totals, previous, checkouts, money, items, hours] = await Promise.all([
    totalsOf(db, range),
    totalsOf(db, before),
    checkoutsByDay(db, range),
    takingsByDay(db, range),
    sql<{ menu_id: string; menu_name: string; quantity: string; amount: string }>`
      select l.item->>'menu_id' as menu_id, min(l.item->>'menu_name') as menu_name,
        sum((l.item->>'quantity')::int) as quantity, sum((l.item->>'quantity')::int * (l.item->>'price')::int) as amount
      from ${paidLines(range)} l
      group by l.item->>'menu_id'
      order by amount desc, menu_id
      limit 10`.execute(db),
    byHour(db, range),
  ]);

  const buckets = new Map(bucketsOf(range, grain).map((key) => [key, { key, count: 0, total: 0, tax: 0, guests: 0 }]));
  for (const d of checkouts) {
    const bucket = buckets.get(bucketOf(d.date, grain))!;
    bucket.count += d.count;
    bucket.guests += d.guests;
  }
  for (const d of money) {
    const bucket = buckets.get(bucketOf(d.date, grain))!;
    bucket.total += d.total;
    bucket.tax += d.tax;
  }
  return {
    range: { from: range.from, to: range.to },
    previousRange: { from: before.from, to: before.to },
    grain,
    totals,
    previous,
    buckets: [...buckets.values()],
    topItems: items.rows.map((r) => ({ menuId: r.menu_id, name: r.menu_name, quantity: Number(r.quantity), amount: Number(r.amount) })),
    byHour: hours,
  };
}

export type SalesReport = Awaited<ReturnType<typeof salesReport>>;

// --- CSV exports (UTF-8 with a BOM, apps/web/app/admin-area/csv.ts) ------------------------------

/**
 * Every line sold in the range, one row per order line of a paid order, with how its visit paid:
 * the methods of its sale receipts (a split paid two ways names both), or its payment's.
 */
export async function salesLines(db: Kysely<Database>, range: SalesRange) {
  const result = await sql<{
    store_id: string;
    business_date: string;
    paid_at: Date;
    reservation_id: string;
    order_id: string;
    seat_label: string;
    menu_id: string;
    menu_name: string;
    quantity: number;
    price: number;
    methods: string[];
  }>`
    select l.store_id, l.business_date, l.at as paid_at, l.reservation_id, l.order_id, l.seat_label,
      l.item->>'menu_id' as menu_id, l.item->>'menu_name' as menu_name,
      (l.item->>'quantity')::int as quantity, (l.item->>'price')::int as price,
      coalesce(
        (select array_agg(distinct r.payment_method::text) from receipts r where r.reservation_id = l.reservation_id and r.kind = 'sale' and r.cancelled_by is null),
        array[(select p.method::text from payments p where p.reservation_id = l.reservation_id)]
      ) as methods
    from ${paidLines(range)} l
    order by l.at, l.order_time, l.order_id, l.n`.execute(db);
  return result.rows;
}

/** The receipts issued in the range (sales and cancelling 赤伝), in number order. */
export async function receiptsOfRange(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('receipts as r')
    .leftJoin('receipts as c', 'c.id', 'r.cancels_receipt_id')
    .select([
      'r.store_id',
      'r.business_date',
      'r.issued_at',
      'r.number',
      'r.kind',
      'c.number as cancels_number',
      'r.cancel_reason',
      'r.reservation_id',
      'r.payment_method',
      'r.total',
      'r.tax',
      'r.totals_by_rate',
    ])
    .$if(range.storeId !== null, (q) => q.where('r.store_id', '=', range.storeId!))
    .where('r.business_date', '>=', range.from)
    .where('r.business_date', '<=', range.to)
    .orderBy('r.number')
    .execute();
}

/** The payments of checkouts from before receipts (no receipt for their visit) in the range, oldest first. */
export async function paymentsWithoutReceipts(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('payments as p')
    .selectAll('p')
    .$if(range.storeId !== null, (q) => q.where('p.store_id', '=', range.storeId!))
    .where('p.business_date', '>=', range.from)
    .where('p.business_date', '<=', range.to)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('receipts as r').select('r.id').whereRef('r.reservation_id', '=', 'p.reservation_id'))))
    .orderBy('p.paid_at')
    .orderBy('p.reservation_id')
    .execute();
}

/** Reservations booked for the range's days (lapsed requests left out), by date and time. */
export async function reservationsOfRange(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('reservations')
    .select([
      'store_id',
      'id',
      'reservation_number',
      'reservation_date',
      'reservation_time',
      'customer_name',
      'people',
      'status',
      'origin',
      'price',
      'paid_total',
      'course_booked',
      'course_billed',
      'cancelled_at',
    ])
    .$if(range.storeId !== null, (q) => q.where('store_id', '=', range.storeId!))
    .where('reservation_date', '>=', range.from)
    .where('reservation_date', '<=', range.to)
    .where((eb) => eb.or([eb('confirmed_at', 'is not', null), eb('cancelled_at', 'is not', null), eb('origin', '=', 'walk_in')]))
    .orderBy('reservation_date')
    .orderBy('reservation_time')
    .orderBy('id')
    .execute();
}

/** The scheduled shifts of the range with the person's hourly wage at the store (payroll). */
export async function shiftsWithWages(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('shifts as s')
    .leftJoin('store_staff as w', (j) => j.onRef('w.store_id', '=', 's.store_id').onRef('w.account_id', '=', 's.user_id'))
    .leftJoin('accounts as a', 'a.account_id', 's.user_id')
    .select(['s.store_id', 's.shift_date', 's.user_id', 'a.name', 's.start_time', 's.end_time', 'w.wage'])
    .$if(range.storeId !== null, (q) => q.where('s.store_id', '=', range.storeId!))
    .where('s.shift_date', '>=', range.from)
    .where('s.shift_date', '<=', range.to)
    .orderBy('s.shift_date')
    .orderBy('s.start_time')
    .orderBy('s.user_id')
    .execute();
}

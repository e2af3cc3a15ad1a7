import type { Kysely } from 'kysely';
import { datesOfMonth } from '@moncafe/domain/calendar/dates';
import { defaultLabourSettings, type LabourSettings } from '@moncafe/domain/attendance/kinds';
import { weekStartOf } from '@moncafe/domain/attendance/rules';
import type { Database } from '../database';
import { bucketOf, bucketsOf, type SalesGrain } from '../register/sales';
import { listStores } from '../stores/queries';
import { listStoreStaff } from '../store-staff/queries';
import { attendanceMonth, type AttendancePerson } from './month';

function monthBounds(month: string): [string, string] {
  const dates = datesOfMonth(month);
  return [dates[0]!, dates[dates.length - 1]!];
}

/** The store's labour settings, or the defaults (25% premiums, no minimum wage, presses outside the fence flagged). */
export async function labourSettingsOf(db: Kysely<Database>, storeId: string): Promise<LabourSettings & { is_default: boolean }> {
  const row = await db.selectFrom('labour_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  return row ? { ...row, is_default: false } : { ...defaultLabourSettings(storeId), is_default: true };
}

/** The store's month per person: plan beside worked time, the law's figures and pay (month.ts). `userId`: one person only. */
export async function attendanceMonthOf(
  db: Kysely<Database>,
  input: { storeId: string; month: string; now: Date; userId?: string },
): Promise<AttendancePerson[]> {
  const [first, last] = monthBounds(input.month);
  let records = db
    .selectFrom('attendance_records')
    .selectAll()
    .where('store_id', '=', input.storeId)
    .where('work_date', '>=', weekStartOf(first))
    .where('work_date', '<=', last);
  let plans = db
    .selectFrom('shifts')
    .select(['user_id', 'shift_date', 'start_time', 'end_time'])
    .where('store_id', '=', input.storeId)
    .where('shift_date', '>=', first)
    .where('shift_date', '<=', last);
  if (input.userId) {
    records = records.where('user_id', '=', input.userId);
    plans = plans.where('user_id', '=', input.userId);
  }
  const [recordRows, planRows, staff, settings, accounts] = await Promise.all([
    records.execute(),
    plans.execute(),
    listStoreStaff(db, input.storeId),
    db.selectFrom('labour_settings').selectAll().where('store_id', '=', input.storeId).executeTakeFirst(),
    db.selectFrom('accounts').select(['account_id', 'name']).execute(),
  ]);
  const names = new Map(accounts.map((a) => [a.account_id, a.name]));
  const people = input.userId ? staff.filter((s) => s.id === input.userId) : staff;
  return attendanceMonth(
    { month: input.month, now: input.now, settings: settings ?? null, staff: people, records: recordRows, plans: planRows, names },
    input.storeId,
  );
}

/** A record's store and person, or null for an id that names none. */
export async function attendanceRecordOf(db: Kysely<Database>, recordId: string) {
  return (await db.selectFrom('attendance_records').selectAll().where('record_id', '=', recordId).executeTakeFirst()) ?? null;
}

/** The month's corrections, newest first, with the names of the person and of who changed it; of one person when named. */
export async function attendanceCorrectionsOf(db: Kysely<Database>, input: { storeId: string; month: string; userId?: string }) {
  const [first, last] = monthBounds(input.month);
  let query = db
    .selectFrom('attendance_corrections as c')
    .leftJoin('accounts as person', 'person.account_id', 'c.user_id')
    .leftJoin('accounts as editor', 'editor.account_id', 'c.changed_by')
    .select([
      'c.id',
      'c.record_id',
      'c.work_date',
      'c.user_id',
      'person.name as user_name',
      'c.before',
      'c.after',
      'c.reason',
      'c.changed_at as timestamp',
      'c.changed_by',
      'editor.name as changed_by_name',
    ])
    .where('c.store_id', '=', input.storeId)
    .where('c.work_date', '>=', first)
    .where('c.work_date', '<=', last);
  if (input.userId) query = query.where('c.user_id', '=', input.userId);
  return query.orderBy('c.changed_at', 'desc').orderBy('c.id').execute();
}

/** Labour cost in yen per business day of a range (from and to in one or more months), of one store or of every store. */
export async function labourCostByDay(db: Kysely<Database>, input: { storeIds: readonly string[]; from: string; to: string; now: Date }) {
  const months = new Set<string>();
  for (let m = input.from.slice(0, 7); m <= input.to.slice(0, 7);) {
    months.add(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  const byDay = new Map<string, { wage_yen: number; worked_minutes: number }>();
  for (const storeId of input.storeIds)
    for (const month of months)
      for (const person of await attendanceMonthOf(db, { storeId, month, now: input.now }))
        for (const day of person.days) {
          if (day.record_id === null || day.date < input.from || day.date > input.to) continue;
          const sum = byDay.get(day.date) ?? { wage_yen: 0, worked_minutes: 0 };
          byDay.set(day.date, { wage_yen: sum.wage_yen + (day.wage_yen ?? 0), worked_minutes: sum.worked_minutes + day.worked_minutes });
        }
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, sum]) => ({ date, ...sum }));
}

/**
 * The sales screen's labour cost (decision 610): the day wages of the range's worked days summed per
 * bucket of the sales report (day, week from Monday, month), of one store or of every store
 * (null, closed ones' history included), every empty bucket listed so its rows line up with the sales rows.
 */
export async function labourReport(db: Kysely<Database>, input: { storeId: string | null; from: string; to: string; grain: SalesGrain; now: Date }) {
  const storeIds = input.storeId === null ? (await listStores(db, { closed: true })).map((s) => s.store_id) : [input.storeId];
  const days = await labourCostByDay(db, { storeIds, from: input.from, to: input.to, now: input.now });
  const buckets = new Map(bucketsOf(input, input.grain).map((key) => [key, { key, wage_yen: 0, worked_minutes: 0 }]));
  for (const day of days) {
    const bucket = buckets.get(bucketOf(day.date, input.grain))!;
    bucket.wage_yen += day.wage_yen;
    bucket.worked_minutes += day.worked_minutes;
  }
  const rows = [...buckets.values()];
  return {
    buckets: rows,
    total: { wage_yen: rows.reduce((n, b) => n + b.wage_yen, 0), worked_minutes: rows.reduce((n, b) => n + b.worked_minutes, 0) },
  };
}

export type LabourReport = Awaited<ReturnType<typeof labourReport>>;

import type { Kysely } from 'kysely';
import { datesOfMonth } from '@moncafe/domain/calendar/dates';
import { DEFAULT_RECRUIT_TIMES, type RecruitTimes } from '@moncafe/domain/shift/rules';
import type { Database } from '../database';

function monthRange(month: string): [string, string] {
  const dates = datesOfMonth(month);
  return [dates[0]!, dates[dates.length - 1]!];
}

/** The store's recruit times, or the defaults (10:00–20:00 every 30 minutes) until an admin sets them. */
export async function recruitTimesOf(db: Kysely<Database>, storeId: string): Promise<RecruitTimes & { store_id: string; is_default: boolean }> {
  const row = await db.selectFrom('recruit_times').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  return row ? { ...row, is_default: false } : { store_id: storeId, ...DEFAULT_RECRUIT_TIMES, is_default: true };
}

/** The wishes of a month, by person and day, with the person's name. */
export async function submissionsOf(db: Kysely<Database>, storeId: string, month: string) {
  const [first, last] = monthRange(month);
  return db
    .selectFrom('shift_submissions as s')
    .leftJoin('accounts as a', 'a.account_id', 's.user_id')
    .select(['s.user_id', 'a.name as user_name', 's.shift_date', 's.start_time', 's.end_time', 's.submitted_at'])
    .where('s.store_id', '=', storeId)
    .where('s.shift_date', '>=', first)
    .where('s.shift_date', '<=', last)
    .orderBy('a.name')
    .orderBy('s.user_id')
    .orderBy('s.shift_date')
    .execute();
}

export async function submittersOf(db: Kysely<Database>, storeId: string, month: string): Promise<string[]> {
  const [first, last] = monthRange(month);
  const rows = await db
    .selectFrom('shift_submissions')
    .select('user_id')
    .distinct()
    .where('store_id', '=', storeId)
    .where('shift_date', '>=', first)
    .where('shift_date', '<=', last)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The spec's Shift rows (id, user_id, shift_date, start_time, end_time, store_id, and the person's name) of a store, of one month when named. */
export async function scheduledShifts(db: Kysely<Database>, storeId: string, month?: string) {
  let query = db
    .selectFrom('shifts as s')
    .leftJoin('accounts as a', 'a.account_id', 's.user_id')
    .select(['s.id', 's.user_id', 'a.name as user_name', 's.shift_date', 's.start_time', 's.end_time', 's.store_id'])
    .where('s.store_id', '=', storeId);
  if (month) {
    const [first, last] = monthRange(month);
    query = query.where('s.shift_date', '>=', first).where('s.shift_date', '<=', last);
  }
  return query.orderBy('s.shift_date').orderBy('s.user_id').execute();
}

/** The month's corrections, newest first, with the names of the person and of who changed it. */
export async function shiftHistoryOf(db: Kysely<Database>, storeId: string, month: string) {
  const [first, last] = monthRange(month);
  return db
    .selectFrom('shift_history as h')
    .leftJoin('accounts as person', 'person.account_id', 'h.user_id')
    .leftJoin('accounts as editor', 'editor.account_id', 'h.changed_by')
    .select([
      'h.id',
      'h.shift_date',
      'h.user_id',
      'person.name as user_name',
      'h.shift_type',
      'h.before_value',
      'h.after_value',
      'h.reason',
      'h.changed_at as timestamp',
      'h.changed_by',
      'editor.name as changed_by_name',
    ])
    .where('h.store_id', '=', storeId)
    .where('h.shift_date', '>=', first)
    .where('h.shift_date', '<=', last)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id')
    .execute();
}

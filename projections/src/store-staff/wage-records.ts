import type { Kysely } from 'kysely';
import type { Database } from '../database';

/**
 * Per store, the newest day of a person's shifts, shift wishes and attendance records: the
 * records the wage ledgers are made of, which a staff member who left keeps until the store's
 * retention has passed since the last of them (decision 620).
 */
export async function wageRecordsOf(db: Kysely<Database>, accountId: string): Promise<{ storeId: string; lastDay: string }[]> {
  const [shifts, wishes, attendance] = await Promise.all([
    db
      .selectFrom('shifts')
      .select(['store_id', db.fn.max('shift_date').as('last_day')])
      .where('user_id', '=', accountId)
      .groupBy('store_id')
      .execute(),
    db
      .selectFrom('shift_submissions')
      .select(['store_id', db.fn.max('shift_date').as('last_day')])
      .where('user_id', '=', accountId)
      .groupBy('store_id')
      .execute(),
    db
      .selectFrom('attendance_records')
      .select(['store_id', db.fn.max('work_date').as('last_day')])
      .where('user_id', '=', accountId)
      .groupBy('store_id')
      .execute(),
  ]);
  const last = new Map<string, string>();
  for (const row of [...shifts, ...wishes, ...attendance]) {
    const day = String(row.last_day);
    if (day > (last.get(row.store_id) ?? '')) last.set(row.store_id, day);
  }
  return [...last].map(([storeId, lastDay]) => ({ storeId, lastDay }));
}

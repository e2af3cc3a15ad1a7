import type { Kysely, Selectable } from 'kysely';
import { resolveBusinessDays, type BusinessDay } from '@moncafe/domain/catalog/business-hours';
import { datesBetween, datesOfMonth, type IsoDate } from '@moncafe/domain/calendar/dates';
import type { Database } from '../database';
import { defaultStore, getStore } from '../stores/queries';

export type { BusinessDay };
/** A stored rule, for the admin's business-hours screen. */
export type BusinessHoursRule = Selectable<Database['business_hours']>;

/** The store's weekday and holiday rules, then its date overrides in date order. */
export async function listBusinessHoursRules(db: Kysely<Database>, storeId: string): Promise<BusinessHoursRule[]> {
  return db
    .selectFrom('business_hours')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('rule', 'desc') // weekday, holiday, date
    .orderBy('weekday')
    .orderBy('date')
    .execute();
}

/**
 * The `/api/admin/business-hours` answer: a map keyed by `YYYY-MM-DD` →
 * `{open_time, close_time, is_closed, isHoliday, source}`, one entry per requested date.
 * Reads the weekly rules once and only the overrides of the requested dates.
 */
export async function businessHoursForDates(db: Kysely<Database>, storeId: string, dates: readonly IsoDate[]): Promise<Record<IsoDate, BusinessDay>> {
  if (dates.length === 0) return {};
  const rules = await db
    .selectFrom('business_hours')
    .selectAll()
    .where('store_id', '=', storeId)
    .where((eb) => eb.or([eb('rule', '!=', 'date'), eb('date', 'in', [...dates])]))
    .execute();
  return resolveBusinessDays(rules, dates);
}

/** Every date from `start` to `end`, both included. */
async function businessHoursBetween(db: Kysely<Database>, storeId: string, start: IsoDate, end: IsoDate) {
  return businessHoursForDates(db, storeId, datesBetween(start, end));
}

/** Every date of a `YYYY-MM` month. */
export async function businessHoursForMonth(db: Kysely<Database>, storeId: string, month: string) {
  return businessHoursForDates(db, storeId, datesOfMonth(month));
}

/** The `/api/admin/business-hours/date/{date}` answer. */
export async function businessHoursForDate(db: Kysely<Database>, storeId: string, date: IsoDate): Promise<BusinessDay> {
  const map = await businessHoursForDates(db, storeId, [date]);
  return map[date] as BusinessDay;
}

/** The `/api/admin/business-hours` answer: business days from `start` to `end` (both included) keyed by date. */
export type BusinessDays = Record<IsoDate, BusinessDay & { date: IsoDate }>;

/**
 * Business days of a store, or of the default store when none is named. `null` for a store that
 * does not exist; with no store at all the map is empty (the calendar shows no closed days
 * rather than a month of 休).
 */
export async function businessDaysOf(db: Kysely<Database>, range: { storeId: string | null; start: IsoDate; end: IsoDate }): Promise<BusinessDays | null> {
  let storeId = range.storeId;
  if (storeId === null) storeId = (await defaultStore(db))?.store_id ?? null;
  else if (!(await getStore(db, storeId))) return null;
  if (storeId === null) return {};
  const days = await businessHoursBetween(db, storeId, range.start, range.end);
  return Object.fromEntries(Object.entries(days).map(([date, day]) => [date, { date, ...day }]));
}

import { z } from 'zod';
import { datesBetween, inSupportedYears, isSupportedDate } from './dates';

/**
 * The zod schemas of dates, months, times of day and date ranges, apart from dates.ts: the
 * browser's calendars import dates.ts, and zod would come along with it (decision 043: bundles).
 * Every call, page and catalog record parses its dates here (decision 531), so a value that only
 * looks like a day (`2026-02-30`, `0000-01-01`, `2026-12-01x`) is a 400 where it enters, never a
 * RangeError (a 500) further in.
 *
 * Each refusal aborts (`abort: true`): zod would otherwise still run the refinements of the object
 * around the field — a range check — on the bad value.
 */

/** A real calendar date, `YYYY-MM-DD`, of a supported year (1970–2050, dates.ts). */
export const isoDateSchema = z.string().refine(isSupportedDate, { message: 'YYYY-MM-DD', abort: true });

/** A month, `YYYY-MM`, of a supported year. */
export const yearMonthSchema = z.string().refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && inSupportedYears(v), { message: 'YYYY-MM', abort: true });

/** A clock time of day, `HH:MM`, 00:00–23:59. */
export const timeOfDaySchema = z.string().refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { message: 'HH:MM', abort: true });

/**
 * Whether `from` … `to` (both included) are real days with `from` ≤ `to`, at most `maxDays` days:
 * the one range rule. It checks the days itself, so it is safe on values no field schema let by.
 */
export function isDateRange(from: string, to: string, maxDays: number): boolean {
  return isSupportedDate(from) && isSupportedDate(to) && from <= to && datesBetween(from, to).length <= maxDays;
}

/** `{from, to}`: a range of real days, `from` ≤ `to`, at most `maxDays` days (the refusal is on `to`). */
export function dateRangeSchema(maxDays: number) {
  return z
    .object({ from: isoDateSchema, to: isoDateSchema })
    .refine((q) => isDateRange(q.from, q.to, maxDays), { path: ['to'], message: `from ≤ to, at most ${maxDays} days` });
}

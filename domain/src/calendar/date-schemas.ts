import { z } from 'zod';
import { inSupportedYears, isSupportedDate } from './dates';

/**
 * The zod schemas of dates and times, apart from dates.ts: the browser's calendars import
 * dates.ts, and zod would come along with it (decision 043: bundles).
 */

/** A real calendar date, `YYYY-MM-DD`, of a supported year (the one date schema of calls and catalog records). */
export const isoDateSchema = z.string().refine(isSupportedDate, 'YYYY-MM-DD');

/** A month, `YYYY-MM`, of a supported year. */
export const yearMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
  .refine(inSupportedYears, 'YYYY-MM');

/** A clock time of day, `HH:MM`, 00:00–23:59. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

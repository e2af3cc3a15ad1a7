import { z } from 'zod';
import { isIsoDate } from './dates';

/**
 * The zod schemas of dates and times, apart from dates.ts: the browser's calendars import
 * dates.ts, and zod would come along with it (issue 10: bundles).
 */

/** A real calendar date, `YYYY-MM-DD` (the one date schema of calls and catalog records). */
export const isoDateSchema = z.string().refine(isIsoDate, 'YYYY-MM-DD');

/** A clock time of day, `HH:MM`, 00:00–23:59. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

import { z } from 'zod';
import { isoDateSchema } from '../calendar/date-schemas';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * One person's worked time at one store for one month: `attendance-{storeId}~{userId}~{YYYY-MM}`
 * (the month of the day they clocked in). Each clock press is a fact with who and when; an owner's
 * change is an AttendanceCorrected with before, after and the reason (decision 565).
 */
export const ATTENDANCE_CATEGORY = 'attendance';

export interface AttendanceMonthKey {
  storeId: string;
  userId: string;
  /** YYYY-MM */
  month: string;
}

export function toStreamName(key: AttendanceMonthKey): string {
  return streamName(ATTENDANCE_CATEGORY, key.storeId, key.userId, key.month);
}

export function fromStreamName(streamId: string): AttendanceMonthKey | null {
  const parts = streamParts(ATTENDANCE_CATEGORY, streamId, 3);
  return parts ? { storeId: parts[0]!, userId: parts[1]!, month: parts[2]! } : null;
}

/**
 * A record's id names its store, person, day and the day's count (`{store}~{user}~{date}~{n}`), so
 * a correction finds its stream from the id alone and a made-up id names no record.
 */
export function recordIdOf(key: { storeId: string; userId: string; date: string; n: number }): string {
  return `${key.storeId}~${key.userId}~${key.date}~${key.n}`;
}

export function recordKeyOf(recordId: string): (AttendanceMonthKey & { date: string; n: number }) | null {
  const parts = recordId.split('~');
  if (parts.length !== 4 || parts.some((p) => p === '')) return null;
  const [storeId, userId, date, n] = parts as [string, string, string, string];
  if (!isoDateSchema.safeParse(date).success || !/^[1-9]\d{0,2}$/.test(n)) return null;
  return { storeId, userId, date, n: Number(n), month: date.slice(0, 7) };
}

/**
 * Where a press came from, as far as the server can tell: a phone inside or outside the store's
 * fence, a phone that sent no position, a store without coordinates, or the store's shared tablet.
 */
export const clockPlaceSchema = z.enum(['inside', 'outside_geofence', 'location_required', 'store_location_unset', 'tablet']);
export type ClockPlace = z.output<typeof clockPlaceSchema>;

const press = z.object({ recordId: z.string(), at: z.string(), by: z.string(), place: clockPlaceSchema });

/** What a record said before or after a correction: instants, and the break minutes (null: the breaks as pressed). */
const recordTimesSchema = z.object({ in: z.string(), out: z.string().nullable(), breakMinutes: z.int().min(0) });
export type RecordTimes = z.output<typeof recordTimesSchema>;

export const attendanceEventSchemas = {
  /** `date`: the Tokyo business day the record counts for (the day of the press). */
  ClockedIn: press.extend({ date: isoDateSchema }),
  BreakStarted: press,
  BreakEnded: press,
  ClockedOut: press,
  AttendanceCorrected: z.object({
    recordId: z.string(),
    date: isoDateSchema,
    before: recordTimesSchema,
    after: recordTimesSchema,
    reason: z.string(),
    correctedAt: z.string(),
    by: z.string(),
  }),
};

export type AttendanceEvent = EventsOf<typeof attendanceEventSchemas>;

export const parseAttendanceEvent = eventParser(attendanceEventSchemas);

import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '../calendar/date-schemas';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * One person's shifts at one store for one month: `shifts-{storeId}~{userId}~{YYYY-MM}`. What
 * they asked for (ShiftsSubmitted), what the admin put in the schedule (ShiftsImported,
 * ShiftAdded) and every later change (ShiftCorrected) are facts with who, when and why; the
 * shift view's change history is read from them (docs/decisions/080-shifts.md).
 */
export const SHIFT_CATEGORY = 'shifts';

export interface ShiftMonthKey {
  storeId: string;
  userId: string;
  /** YYYY-MM */
  month: string;
}

export function toStreamName(key: ShiftMonthKey): string {
  return streamName(SHIFT_CATEGORY, key.storeId, key.userId, key.month);
}

export function fromStreamName(streamId: string): ShiftMonthKey | null {
  const parts = streamParts(SHIFT_CATEGORY, streamId, 3);
  return parts ? { storeId: parts[0]!, userId: parts[1]!, month: parts[2]! } : null;
}

/**
 * A scheduled shift's id: its store, person and date (one shift per person and day), so the id
 * names its stream and a client can hold it as an opaque string.
 */
export function shiftIdOf(key: { storeId: string; userId: string; date: string }): string {
  return `${key.storeId}~${key.userId}~${key.date}`;
}

const shiftTimesSchema = z.object({ date: isoDateSchema, start: timeOfDaySchema, end: timeOfDaySchema });
export type ShiftTimes = z.output<typeof shiftTimesSchema>;

/** The spec's `shift_type`: which end of a shift a correction changes. */
export const shiftFieldSchema = z.enum(['start_time', 'end_time']);
export type ShiftField = z.output<typeof shiftFieldSchema>;

export const shiftEventSchemas = {
  /** Wishes for some days of the month; a later submission replaces the wishes for the days it names. */
  ShiftsSubmitted: z.object({ shifts: z.array(shiftTimesSchema), submittedAt: z.string(), by: z.string() }),
  /** Submitted wishes put into the schedule by an admin. */
  ShiftsImported: z.object({ shifts: z.array(shiftTimesSchema.extend({ shiftId: z.string() })), importedAt: z.string(), by: z.string() }),
  /** A shift an admin put into the schedule directly, without a submission. */
  ShiftAdded: shiftTimesSchema.extend({ shiftId: z.string(), addedAt: z.string(), by: z.string() }),
  /** One end of a scheduled shift changed, with the reason given. */
  ShiftCorrected: z.object({
    shiftId: z.string(),
    date: isoDateSchema,
    field: shiftFieldSchema,
    before: timeOfDaySchema,
    after: timeOfDaySchema,
    reason: z.string(),
    correctedAt: z.string(),
    by: z.string(),
  }),
};

export type ShiftEvent = EventsOf<typeof shiftEventSchemas>;

export const parseShiftEvent = eventParser(shiftEventSchemas);

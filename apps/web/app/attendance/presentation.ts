import type { ClockKind } from '@moncafe/domain/attendance/decider';
import type { RecordTimes } from '@moncafe/domain/attendance/events';
import { tokyoDateTimeLabel } from '#app/staff-area/presentation';
import { attendanceTexts as t } from './texts';

/** How the time clock's screens show a record's times (pure: server render and browser alike). */

/** `17:00〜翌1:30`: what was worked, or only the in while still open. */
export function actualLabel(actual: { in: string; out: string | null; out_next_day: boolean } | null): string {
  if (!actual) return '-';
  return `${actual.in}〜${actual.out ? `${actual.out_next_day ? t.nextDay : ''}${actual.out}` : ''}`;
}

/** A correction's before or after, as Tokyo wall times. */
export function recordTimesLabel(times: RecordTimes): string {
  const at = (iso: string) => tokyoDateTimeLabel(iso).slice(5);
  return t.historyTimes({ in: at(times.in), out: times.out ? at(times.out) : null, breakMinutes: times.breakMinutes });
}

/** The four presses in their order, as every clock screen names them. */
export const CLOCK_LABELS: Record<ClockKind, string> = { in: t.clockIn, break_start: t.breakStart, break_end: t.breakEnd, out: t.clockOut };

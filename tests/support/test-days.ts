import { addDays, tokyoDateOf, tokyoInstant, weekdayOf } from '@moncafe/domain/calendar/dates';
import { isHoliday } from '@moncafe/domain/calendar/holidays';

/**
 * The instant a test server's clock starts at unless a test names its own (decision 585): 12:00
 * Tokyo on the first ordinary day after `from` — a Tuesday (the demo stores are open; Wednesday is
 * the demo store's closed day), between the 8th and the 21st (no month's first or last day, no
 * year-end closure), not a public holiday. Twelve o'clock is inside the demo hours and before the
 * same-day booking deadline (15:00). Derived from `from` so the server's days stay near the real
 * ones (a browser's cookie jar runs on the machine's time), yet always the same kind of day.
 */
export function ordinaryInstant(from: Date): Date {
  let date = addDays(tokyoDateOf(from), 1);
  while (weekdayOf(date) !== 2 || day(date) < 8 || day(date) > 21 || isHoliday(date)) date = addDays(date, 1);
  return tokyoInstant(date, 12 * 60);
}

const day = (date: string) => Number(date.slice(8, 10));

/**
 * Instants the browser tier's date-sensitive logic must hold at, whatever day a suite is run on:
 * the demo store's closed day early in the morning, a minute before midnight, a month's last day,
 * a public holiday, and the year's end.
 */
export const AWKWARD_INSTANTS = {
  closedDayMorning: new Date('2026-12-02T05:06:00+09:00'),
  beforeMidnight: new Date('2026-12-08T23:59:00+09:00'),
  monthsLastDay: new Date('2026-12-31T12:00:00+09:00'),
  monthsLastDayLate: new Date('2027-03-31T19:30:00+09:00'),
  holiday: new Date('2027-02-11T12:00:00+09:00'),
  afterSameDayDeadline: new Date('2027-01-19T16:00:00+09:00'),
} as const;

import { addMonths, dateInMonth, formatYearMonth, minutesOf, timeOf, weekdayOf, yearMonthOf, type IsoDate } from '../calendar/dates';
import { isHoliday } from '../calendar/holidays';

/**
 * The shift rules of operations.md §5 and §9, for the server and the browser alike: which days
 * take weekend times, the time lists, which months may be submitted and which days corrected.
 */

/** The store's recruit times, as the catalog keeps them (`recruit-times`). */
export interface RecruitTimes {
  weekday_start: string;
  weekday_end: string;
  weekend_start: string;
  weekend_end: string;
  interval_minutes: number;
}

/** Spec §9: default hours 10:00–20:00, 30-minute steps; what a store without settings gets. */
export const DEFAULT_RECRUIT_TIMES: RecruitTimes = {
  weekday_start: '10:00',
  weekday_end: '20:00',
  weekend_start: '10:00',
  weekend_end: '20:00',
  interval_minutes: 30,
};

/** How many months, from this one on, staff may submit wishes for. */
export const SUBMITTABLE_MONTHS = 3;

export type DayType = 'weekday' | 'saturday' | 'sunday' | 'holiday';

/** How a day is coloured: a public holiday (the 1970–2050 table) before Sunday and Saturday. */
export function dayTypeOf(date: IsoDate): DayType {
  if (isHoliday(date)) return 'holiday';
  const weekday = weekdayOf(date);
  return weekday === 0 ? 'sunday' : weekday === 6 ? 'saturday' : 'weekday';
}

/** Saturdays, Sundays and public holidays take the weekend recruit times. */
export function takesWeekendTimes(date: IsoDate): boolean {
  return dayTypeOf(date) !== 'weekday';
}

/** The times a shift on this date may start or end at: from the recruit start to its end, at the interval. */
export function timeOptions(recruit: RecruitTimes, date: IsoDate): string[] {
  const weekend = takesWeekendTimes(date);
  const start = minutesOf(weekend ? recruit.weekend_start : recruit.weekday_start);
  const end = minutesOf(weekend ? recruit.weekend_end : recruit.weekday_end);
  const step = Math.max(1, recruit.interval_minutes);
  const times: string[] = [];
  for (let m = start; m <= end; m += step) times.push(timeOf(m));
  return times;
}

/** The first day that may still be corrected: the first day of last month (spec §5, §9). */
export function firstEditableDate(today: IsoDate): IsoDate {
  return dateInMonth(addMonths(yearMonthOf(today), -1), 1);
}

/**
 * Shift corrections older than last month are refused (spec §5, §9): a day of the schedule may be
 * corrected or added from the first day of last month on. The decider refuses the rest (`shift_too_old`).
 */
export function isCorrectable(date: IsoDate, today: IsoDate): boolean {
  return date >= firstEditableDate(today);
}

/** The months the shift view offers: from last month to `ahead` months on, newest first. */
export function viewableMonths(today: IsoDate, ahead = SUBMITTABLE_MONTHS - 1): string[] {
  const current = yearMonthOf(today);
  const months: string[] = [];
  for (let n = ahead; n >= -1; n--) months.push(formatYearMonth(addMonths(current, n)));
  return months;
}

/** The months wishes may be submitted for: this one and the next ones. */
export function submittableMonths(today: IsoDate): string[] {
  const current = yearMonthOf(today);
  return Array.from({ length: SUBMITTABLE_MONTHS }, (_, n) => formatYearMonth(addMonths(current, n)));
}

/** Spec §5: a 00:00 start and end, or no times, is no shift. */
export function isEmptyShift(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end) return true;
  return start.startsWith('00:00') && end.startsWith('00:00');
}

/** Spec §5: an end earlier than the start is flagged. */
export function endsBeforeStart(start: string, end: string): boolean {
  return minutesOf(end) < minutesOf(start);
}

import { addMonths, compareYearMonth, daysInMonth, dateInMonth, weekdayOf } from '@moncafe/domain/calendar/dates';
import type { YearMonth } from '@moncafe/domain/calendar/dates';

/** One cell of the homepage business calendar. */
export interface CalendarDay {
  date: string;
  day: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  isClosed: boolean;
  /** Japanese public holiday name, when the day is one. */
  holidayName: string | null;
  isToday: boolean;
}

export interface MonthFacts {
  /** Dates (YYYY-MM-DD) the business hours mark closed. */
  closedDates: ReadonlySet<string>;
  /** Holiday name by date (YYYY-MM-DD). */
  holidays: ReadonlyMap<string, string>;
  today: string;
}

/**
 * The month as weeks running Sunday to Saturday; cells outside the month are null so every
 * week has seven cells.
 */
export function monthGrid(ym: YearMonth, facts: MonthFacts): (CalendarDay | null)[][] {
  const cells: (CalendarDay | null)[] = [];
  const first = dateInMonth(ym, 1);
  for (let i = 0; i < weekdayOf(first); i++) cells.push(null);
  for (let day = 1; day <= daysInMonth(ym); day++) {
    const date = dateInMonth(ym, day);
    cells.push({
      date,
      day,
      weekday: weekdayOf(date),
      isClosed: facts.closedDates.has(date),
      holidayName: facts.holidays.get(date) ?? null,
      isToday: date === facts.today,
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The calendar card shows only the current month and the next one: previous is disabled on the
 * current month, next is disabled on the next month.
 */
export function monthNavigation(shown: YearMonth, current: YearMonth): { canGoPrevious: boolean; canGoNext: boolean } {
  return {
    canGoPrevious: compareYearMonth(shown, current) > 0,
    canGoNext: compareYearMonth(shown, addMonths(current, 1)) < 0,
  };
}

/** The style a day gets: holidays look like Sundays, as on Japanese calendars. */
export function dayKind(day: CalendarDay): 'sunday' | 'saturday' | 'holiday' | 'weekday' {
  if (day.holidayName !== null) return 'holiday';
  if (day.weekday === 0) return 'sunday';
  if (day.weekday === 6) return 'saturday';
  return 'weekday';
}

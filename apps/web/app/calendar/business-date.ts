/**
 * Business dates are Asia/Tokyo dates whatever the server's or browser's own time zone is.
 */
const tokyoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of an instant in Tokyo. */
export function tokyoDateOf(instant: Date): string {
  return tokyoDate.format(instant);
}

export interface YearMonth {
  year: number;
  /** 1 to 12 */
  month: number;
}

export function yearMonthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function addMonths(ym: YearMonth, months: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** 'YYYY-MM' */
export function formatYearMonth(ym: YearMonth): string {
  return `${ym.year}-${String(ym.month).padStart(2, '0')}`;
}

export function daysInMonth(ym: YearMonth): number {
  return new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
}

export function isoDate(ym: YearMonth, day: number): string {
  return `${formatYearMonth(ym)}-${String(day).padStart(2, '0')}`;
}

/** First and last date of a month, as YYYY-MM-DD. */
export function monthRange(ym: YearMonth): { start: string; end: string } {
  return { start: isoDate(ym, 1), end: isoDate(ym, daysInMonth(ym)) };
}

/** 0 = Sunday … 6 = Saturday, for a calendar date (independent of time zones). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

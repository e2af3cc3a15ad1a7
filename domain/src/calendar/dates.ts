/**
 * The one home of calendar and Tokyo-time logic, for the server and the browser alike (pure, no
 * time-zone database): dates, months, times of day and the instants they begin at.
 *
 * Calendar dates are plain `YYYY-MM-DD` strings. A business day in Tokyo is a label, not an
 * instant: keeping it a string (and doing arithmetic in UTC, where no daylight-saving or host
 * time zone can shift it) means a date never moves by a day on a server in another zone.
 * Business time is Asia/Tokyo; Japan has no daylight saving time, so a fixed +09:00 offset is
 * exact for every date the product handles.
 */

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

function toUtc(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(utc: Date): IsoDate {
  return utc.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, the order of the spec's calendars. */
export function weekdayOf(date: IsoDate): number {
  return toUtc(date).getUTCDay();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const utc = toUtc(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return fromUtc(utc);
}

/** Every date from `start` to `end`, both included; empty when `end` is before `start`. */
export function datesBetween(start: IsoDate, end: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  // Bounded so a typo like 2026 → 9999 cannot allocate millions of strings.
  for (let d = start; d <= end && dates.length < 3700; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Every date of a `YYYY-MM` month. */
export function datesOfMonth(month: string): IsoDate[] {
  const match = ISO_MONTH.exec(month);
  if (!match) throw new RangeError(`not a YYYY-MM month: ${month}`);
  const [, y, m] = match.map(Number) as [number, number, number];
  if (m < 1 || m > 12) throw new RangeError(`not a YYYY-MM month: ${month}`);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return datesBetween(`${month}-01`, `${month}-${String(last).padStart(2, '0')}`);
}

/**
 * The years a date may name: those of the holiday reference table (holidays.ts). A cafe books
 * months ahead, so a date outside is a mistake or a probe (`9999-12` once made a 500), refused
 * where it enters (decision 531). The schemas live in date-schemas.ts.
 */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2050;

/** Whether a `YYYY-…` value names a supported year. */
export function inSupportedYears(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A real calendar date of a supported year. */
export function isSupportedDate(value: string): boolean {
  return isIsoDate(value) && inSupportedYears(value);
}

export interface YearMonth {
  year: number;
  /** 1 to 12 */
  month: number;
}

export function yearMonthOf(date: IsoDate): YearMonth {
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

/** The date of a day of a month. */
export function dateInMonth(ym: YearMonth, day: number): IsoDate {
  return `${formatYearMonth(ym)}-${String(day).padStart(2, '0')}`;
}

/** First and last date of a month. */
export function monthRange(ym: YearMonth): { start: IsoDate; end: IsoDate } {
  return { start: dateInMonth(ym, 1), end: dateInMonth(ym, daysInMonth(ym)) };
}

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 'HH:MM' (or 'HH:MM:SS') → minutes since midnight. */
export function minutesOf(time: string): number {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) throw new Error(`not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight → 'HH:MM'. */
export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The Tokyo calendar date ('YYYY-MM-DD') and minute of day of an instant. */
export function tokyoDateTime(instant: Date): { date: IsoDate; minute: number } {
  const shifted = new Date(instant.getTime() + TOKYO_OFFSET_MS);
  const date = shifted.toISOString().slice(0, 10);
  return { date, minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** The Tokyo calendar date of an instant. */
export function tokyoDateOf(instant: Date): IsoDate {
  return tokyoDateTime(instant).date;
}

/** The instant at which a Tokyo date and minute of day begins. */
export function tokyoInstant(date: IsoDate, minute: number): Date {
  return new Date(Date.parse(`${date}T00:00:00+09:00`) + minute * 60_000);
}

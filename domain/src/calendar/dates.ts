/**
 * Calendar dates as plain `YYYY-MM-DD` strings. A business day in Tokyo is a label, not an
 * instant: keeping it a string (and doing arithmetic in UTC, where no daylight-saving or
 * host time zone can shift it) means a date never moves by a day on a server in another zone.
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

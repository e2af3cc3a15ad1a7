import holidayTable from '@holiday-jp/holiday_jp/lib/holidays.js';
import { isIsoDate, type IsoDate } from './dates';

/**
 * Japanese public holidays (with substitute and citizen's holidays) from the 1970–2050
 * reference table of `@holiday-jp/holiday_jp`. We read the table directly rather than its
 * `between()`, which turns dates into `Date` objects at local midnight and so depends on the
 * host's time zone; here a date stays a `YYYY-MM-DD` string (Asia/Tokyo calendar date).
 */
export interface Holiday {
  date: IsoDate;
  /** Japanese weekday, e.g. 月. */
  week: string;
  week_en: string;
  /** Japanese name, e.g. 元日. */
  name: string;
  name_en: string;
}

// The package types the table as one huge literal; a plain record is all we need.
const table: Readonly<Record<string, Holiday>> = holidayTable as unknown as Record<string, Holiday>;
// Sorted once: a range is found by binary search, never by scanning 1,300 entries per request.
const sorted: readonly Holiday[] = Object.values(table).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

export function isHoliday(date: IsoDate): boolean {
  return Object.hasOwn(table, date);
}

export function holidayOn(date: IsoDate): Holiday | null {
  const holiday = table[date];
  return holiday ? { ...holiday } : null;
}

/** Index of the first holiday on or after `date` (plain string comparison orders YYYY-MM-DD dates). */
function firstFrom(date: IsoDate): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.date < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Holidays from `start` to `end`, both included, in date order. */
export function holidaysBetween(start: IsoDate, end: IsoDate): Holiday[] {
  if (!isIsoDate(start) || !isIsoDate(end)) throw new RangeError(`not YYYY-MM-DD dates: ${start}, ${end}`);
  const found: Holiday[] = [];
  for (let i = firstFrom(start); i < sorted.length && sorted[i]!.date <= end; i++) found.push({ ...sorted[i]! });
  return found;
}

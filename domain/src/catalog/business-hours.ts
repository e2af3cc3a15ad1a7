import { weekdayOf, type IsoDate } from '../calendar/dates';
import { isHoliday } from '../calendar/holidays';
import type { BusinessHoursData } from './kinds';

/**
 * What a store's opening hours are on one date, resolved from its rules
 * (docs/decisions/003-business-hours.md): a date override wins, then the holiday rule on a
 * public holiday, then the weekday rule; with none of them the store is closed, so an
 * unconfigured day can never be booked.
 */
export interface BusinessDay {
  open_time: string | null;
  close_time: string | null;
  is_closed: boolean;
  /** A Japanese public holiday (from the reference table), whatever the store does that day. */
  isHoliday: boolean;
  /** Which rule decided: handy for the admin calendar. */
  source: 'date' | 'holiday' | 'weekday' | 'none';
}

type Rule = Pick<BusinessHoursData, 'rule' | 'open_time' | 'close_time' | 'is_closed'> & {
  weekday?: number | null;
  date?: string | null;
};

export function resolveBusinessDay(rules: readonly Rule[], date: IsoDate): BusinessDay {
  const holiday = isHoliday(date);
  const weekday = weekdayOf(date);
  const chosen =
    rules.find((r) => r.rule === 'date' && r.date === date) ??
    (holiday ? rules.find((r) => r.rule === 'holiday') : undefined) ??
    rules.find((r) => r.rule === 'weekday' && r.weekday === weekday);
  if (!chosen) return { open_time: null, close_time: null, is_closed: true, isHoliday: holiday, source: 'none' };
  return chosen.is_closed
    ? { open_time: null, close_time: null, is_closed: true, isHoliday: holiday, source: chosen.rule }
    : { open_time: chosen.open_time, close_time: chosen.close_time, is_closed: false, isHoliday: holiday, source: chosen.rule };
}

/** The `/api/admin/business-hours` answer: a map keyed by `YYYY-MM-DD`. */
export function resolveBusinessDays(rules: readonly Rule[], dates: readonly IsoDate[]): Record<IsoDate, BusinessDay> {
  return Object.fromEntries(dates.map((date) => [date, resolveBusinessDay(rules, date)]));
}

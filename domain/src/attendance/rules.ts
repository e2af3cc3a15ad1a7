import { addDays, minutesOf, tokyoDateTime, tokyoInstant, weekdayOf } from '../calendar/dates';

/**
 * Japan's rules for worked time (労働基準法 32, 34, 37; decision 566), as plain functions of a
 * day's record: what the owner's screen, the CSV and the sales screen's labour cost all read.
 */

/** An open record older than this is a forgotten 退勤: it no longer blocks a new 出勤 and is flagged for the owner. */
export const FORGOTTEN_AFTER_MINUTES = 16 * 60;
/** 8 hours a day and 40 a week (第32条); beyond is overtime. */
export const DAILY_LIMIT_MINUTES = 8 * 60;
export const WEEKLY_LIMIT_MINUTES = 40 * 60;
/** 深夜: 22:00–5:00 (第37条第4項). */
const NIGHT_START = 22 * 60;
const NIGHT_END = 5 * 60;
const DAY = 24 * 60;
const MINUTE_MS = 60_000;

export interface Interval {
  start: Date;
  end: Date;
}

/** A record as the rules read it: instants, the breaks pressed, and a corrected break total when an owner set one. */
export interface WorkedRecord {
  date: string;
  in: Date;
  out: Date | null;
  breaks: readonly Interval[];
  /** Set by a correction: the break minutes, where they fell no longer known. */
  breakMinutes: number | null;
}

export type BreakWarning = 'break_45' | 'break_60' | null;

export interface DayFigures {
  breakMinutes: number;
  workedMinutes: number;
  lateNightMinutes: number;
  /** Past 8 hours this day. */
  dailyOvertimeMinutes: number;
  /** 45 minutes of break are due past 6 hours of work, 60 past 8 (第34条): which is missing, if any. */
  breakWarning: BreakWarning;
}

const minutesBetween = (a: Date, b: Date) => Math.max(0, Math.round((b.getTime() - a.getTime()) / 60_000));

export function isForgotten(clockedIn: Date, now: Date): boolean {
  return minutesBetween(clockedIn, now) >= FORGOTTEN_AFTER_MINUTES;
}

/** Minutes of an interval that fall in 22:00–5:00 Tokyo time. */
export function nightMinutesOf(interval: Interval): number {
  const start = tokyoDateTime(interval.start);
  const from = start.minute;
  const to = from + minutesBetween(interval.start, interval.end);
  let night = 0;
  // Night windows as minutes from the start day's midnight: 22:00 the day before to 5:00, and so on.
  for (let day = 0; day * DAY - (DAY - NIGHT_START) < to; day++) {
    const windowStart = day * DAY - (DAY - NIGHT_START);
    const windowEnd = day * DAY + NIGHT_END;
    night += Math.max(0, Math.min(to, windowEnd) - Math.max(from, windowStart));
  }
  return night;
}

/** The breaks' minutes, an open break ending at `end`. */
function pressedBreakMinutes(breaks: readonly Interval[]): number {
  return breaks.reduce((n, b) => n + minutesBetween(b.start, b.end), 0);
}

/** A day's figures; null while the record is still open. */
export function dayFigures(record: WorkedRecord): DayFigures | null {
  if (!record.out) return null;
  const span = minutesBetween(record.in, record.out);
  const breakMinutes = Math.min(span, record.breakMinutes ?? pressedBreakMinutes(record.breaks));
  const workedMinutes = span - breakMinutes;
  const nightSpan = nightMinutesOf({ start: record.in, end: record.out });
  // Breaks pressed at night are not night work. A corrected total does not say where it fell:
  // it is taken from the day hours first, which never pays less than the pressed breaks would.
  const nightBreaks = record.breakMinutes === null ? record.breaks.reduce((n, b) => n + nightMinutesOf(b), 0) : 0;
  const lateNightMinutes = Math.max(0, Math.min(workedMinutes, nightSpan - nightBreaks));
  const breakWarning: BreakWarning =
    workedMinutes > DAILY_LIMIT_MINUTES && breakMinutes < 60 ? 'break_60' : workedMinutes > 6 * 60 && breakMinutes < 45 ? 'break_45' : null;
  return { breakMinutes, workedMinutes, lateNightMinutes, dailyOvertimeMinutes: Math.max(0, workedMinutes - DAILY_LIMIT_MINUTES), breakWarning };
}

/** The Sunday a date's week starts on (the law's week when the rules of employment name none). */
export function weekStartOf(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/**
 * Weekly overtime per day: within each Sunday–Saturday week, the minutes within 8 hours a day are
 * added up in date order, and what passes 40 hours is overtime of the day that passed it (the
 * minutes past 8 hours are already the day's own overtime and are not counted twice).
 */
export function weeklyOvertime(days: readonly { date: string; workedMinutes: number }[]): Map<string, number> {
  const byWeek = new Map<string, number>();
  const overtime = new Map<string, number>();
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const week = weekStartOf(day.date);
    const before = byWeek.get(week) ?? 0;
    const after = before + Math.min(day.workedMinutes, DAILY_LIMIT_MINUTES);
    byWeek.set(week, after);
    const over = Math.max(0, after - Math.max(before, WEEKLY_LIMIT_MINUTES));
    overtime.set(day.date, (overtime.get(day.date) ?? 0) + over);
  }
  return overtime;
}

export interface PayRates {
  /** Yen an hour; null when the store has none for the person. */
  wage: number | null;
  /** 割増賃金率 in percent. */
  lateNightPercent: number;
  overtimePercent: number;
}

/**
 * A day's pay in yen: the worked minutes at the wage, plus the premiums (overtime and night add
 * up where they overlap, 50% at the defaults). Rounded once per day, half up.
 */
export function dayWage(figures: { workedMinutes: number; lateNightMinutes: number; overtimeMinutes: number }, rates: PayRates): number | null {
  if (rates.wage === null) return null;
  const minuteYen = figures.workedMinutes * 100 + figures.lateNightMinutes * rates.lateNightPercent + figures.overtimeMinutes * rates.overtimePercent;
  return Math.round((minuteYen * rates.wage) / 6000);
}

export type PlanFlag = 'late' | 'early' | 'no_plan' | 'no_clock';

/** How what was worked differs from the plan (`HH:MM` on the record's day; an end at or before the start is the next day). */
export function planFlags(plan: { start: string; end: string } | null, record: Pick<WorkedRecord, 'date' | 'in' | 'out'> | null): PlanFlag[] {
  if (!plan) return record ? ['no_plan'] : [];
  if (!record) return ['no_clock'];
  const flags: PlanFlag[] = [];
  const start = tokyoInstant(record.date, minutesOf(plan.start));
  let end = tokyoInstant(record.date, minutesOf(plan.end));
  if (end <= start) end = tokyoInstant(addDays(record.date, 1), minutesOf(plan.end));
  // To the minute, as the screen shows times: a press at 17:00:40 for a 17:00 start is on time.
  if (record.in.getTime() - start.getTime() >= MINUTE_MS) flags.push('late');
  if (record.out && end.getTime() - record.out.getTime() >= MINUTE_MS) flags.push('early');
  return flags;
}

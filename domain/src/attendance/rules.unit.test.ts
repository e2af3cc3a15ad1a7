import { describe, expect, it } from 'vitest';
import { tokyoInstant } from '../calendar/dates';
import { dayFigures, dayWage, nightMinutesOf, planFlags, weeklyOvertime, type WorkedRecord } from './rules';

const at = (date: string, time: string) => tokyoInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
const record = (date: string, from: string, to: string, breaks: [string, string][] = [], next = false): WorkedRecord => ({
  date,
  in: at(date, from),
  out: next ? at(`${date.slice(0, 8)}${String(Number(date.slice(8)) + 1).padStart(2, '0')}`, to) : at(date, to),
  breaks: breaks.map(([s, e]) => ({ start: at(date, s), end: at(date, e) })),
  breakMinutes: null,
});
const rates = { wage: 1200, lateNightPercent: 25, overtimePercent: 25 };

describe('a day of worked time by Japan’s rules', () => {
  it('in 17:00, break 18:30–19:15, out 23:30 against a plan of 17:00–23:00: the figures as worked out by hand', () => {
    const day = record('2027-03-10', '17:00', '23:30', [['18:30', '19:15']]);
    const figures = dayFigures(day)!;
    // 17:00–23:30 is 390 minutes; less the 45-minute break, 345 worked.
    expect(figures.breakMinutes).toBe(45);
    expect(figures.workedMinutes).toBe(345);
    // 22:00–23:30 is night work: 90 minutes.
    expect(figures.lateNightMinutes).toBe(90);
    // 5 h 45 is under 8 hours: no overtime; and under 6 hours, so no break is due: no warning.
    expect(figures.dailyOvertimeMinutes).toBe(0);
    expect(figures.breakWarning).toBeNull();
    // 345 min × 1,200 yen / 60 = 6,900; the night premium 90 min × 1,200 × 25% / 60 = 450.
    expect(dayWage({ ...figures, overtimeMinutes: 0 }, rates)).toBe(7350);
    // Out 30 minutes after the plan's end is neither late nor early.
    expect(planFlags({ start: '17:00', end: '23:00' }, day)).toEqual([]);
  });

  it('warns when the break is short for the hours: 45 minutes past 6 hours, 60 past 8', () => {
    expect(dayFigures(record('2027-03-10', '10:00', '17:00', [['12:00', '12:30']]))!.breakWarning).toBe('break_45');
    expect(dayFigures(record('2027-03-10', '10:00', '17:00', [['12:00', '12:45']]))!.breakWarning).toBeNull();
    const long = dayFigures(record('2027-03-10', '09:00', '18:45', [['12:00', '12:45']]))!;
    expect(long.workedMinutes).toBe(540);
    expect(long.breakWarning).toBe('break_60');
    expect(long.dailyOvertimeMinutes).toBe(60);
    // 540 min base; 60 min overtime at 25%: (540 + 15) × 1,200 / 60 = 11,100.
    expect(dayWage({ ...long, overtimeMinutes: long.dailyOvertimeMinutes }, rates)).toBe(11100);
  });

  it('counts night minutes across midnight, and night breaks are not night work', () => {
    expect(nightMinutesOf({ start: at('2027-03-10', '21:00'), end: at('2027-03-11', '06:00') })).toBe(420);
    expect(nightMinutesOf({ start: at('2027-03-10', '03:00'), end: at('2027-03-10', '23:00') })).toBe(120 + 60);
    const late = record('2027-03-10', '20:00', '02:00', [['23:00', '23:30']], true);
    expect(dayFigures(late)!.lateNightMinutes).toBe(240 - 30);
    // Overtime at night earns both premiums: 50% at the defaults.
    expect(dayWage({ workedMinutes: 60, lateNightMinutes: 60, overtimeMinutes: 60 }, rates)).toBe(1800);
  });

  it('a corrected break total is taken from the day hours first', () => {
    const day = { ...record('2027-03-10', '17:00', '23:30', [['22:00', '22:45']]), breakMinutes: 45 };
    expect(dayFigures(day)!.lateNightMinutes).toBe(90);
  });

  it('flags late, early, no plan and no clock', () => {
    const day = record('2027-03-10', '17:10', '22:30');
    expect(planFlags({ start: '17:00', end: '23:00' }, day)).toEqual(['late', 'early']);
    expect(planFlags(null, day)).toEqual(['no_plan']);
    expect(planFlags({ start: '17:00', end: '23:00' }, null)).toEqual(['no_clock']);
  });

  it('a week past 40 hours gives weekly overtime on the day that passes it, never counting the daily overtime twice', () => {
    // Sunday 2027-03-07 to Saturday 03-13: six days of 7 h 30 is 45 hours.
    const days = ['07', '08', '09', '10', '11', '12'].map((d) => ({ date: `2027-03-${d}`, workedMinutes: 450 }));
    const overtime = weeklyOvertime(days);
    expect([...overtime.values()]).toEqual([0, 0, 0, 0, 0, 300]);
    // A 10-hour day counts 8 hours toward the week; its 2 hours are daily overtime, not weekly.
    const withLong = weeklyOvertime([{ date: '2027-03-07', workedMinutes: 600 }, ...days.slice(1)]);
    expect(withLong.get('2027-03-12')).toBe(8 * 60 + 4 * 450 + 450 - 2400);
    // The next Sunday starts a new week.
    expect(weeklyOvertime([...days, { date: '2027-03-14', workedMinutes: 450 }]).get('2027-03-14')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, datesBetween, datesOfMonth, isIsoDate, weekdayOf } from './dates';
import { holidayOn, holidaysBetween, isHoliday } from './holidays';

describe('calendar dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
  });

  it('knows the weekday of a date (0 = Sunday)', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('steps over month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(datesBetween('2026-12-30', '2026-12-29')).toEqual([]);
  });

  it('lists every date of a month', () => {
    expect(datesOfMonth('2026-02')).toHaveLength(28);
    expect(datesOfMonth('2028-02').at(-1)).toBe('2028-02-29');
    expect(() => datesOfMonth('2026-13')).toThrow(RangeError);
  });
});

describe('Japanese holidays', () => {
  it('finds fixed, moving and substitute holidays from the reference table', () => {
    expect(isHoliday('2026-01-01')).toBe(true); // 元日
    expect(isHoliday('2026-01-12')).toBe(true); // 成人の日: second Monday of January
    expect(isHoliday('2026-05-06')).toBe(true); // 振替休日 for 5/3 on a Sunday
    expect(isHoliday('2026-11-23')).toBe(true); // 勤労感謝の日
    expect(isHoliday('2026-11-24')).toBe(false);
    expect(holidayOn('2026-11-23')).toEqual({
      date: '2026-11-23',
      week: '月',
      week_en: 'Monday',
      name: '勤労感謝の日',
      name_en: 'Labor Thanksgiving Day',
    });
  });

  it('lists holidays between two dates, both ends included, as plain date strings', () => {
    const may = holidaysBetween('2026-05-03', '2026-05-06');
    expect(may.map((h) => h.date)).toEqual(['2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06']);
    expect(may.every((h) => typeof h.date === 'string')).toBe(true);
    expect(holidaysBetween('2026-06-01', '2026-06-30')).toEqual([]);
    expect(holidaysBetween('1970-01-01', '2050-12-31').length).toBeGreaterThan(1300);
  });

  it('finds the same holidays in any range as looking each date up', () => {
    const year = datesBetween('2025-12-25', '2027-01-05');
    for (const [i, start] of year.entries()) {
      const end = year[Math.min(year.length - 1, i + (i % 40))]!;
      expect(holidaysBetween(start, end).map((h) => h.date)).toEqual(datesBetween(start, end).filter(isHoliday));
    }
    expect(holidaysBetween('1969-01-01', '1970-01-01').map((h) => h.date)).toEqual(['1970-01-01']);
    expect(holidaysBetween('2050-11-24', '2099-12-31')).toEqual([]);
  });

  it('agrees with the reference table on the weekday of every holiday from 1970 to 2050', () => {
    const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const all = holidaysBetween('1970-01-01', '2050-12-31');
    const wrong = all.filter((h) => names[weekdayOf(h.date)] !== h.week_en);
    expect(wrong).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  dayTypeOf,
  endsBeforeStart,
  firstEditableDate,
  isCorrectable,
  isEmptyShift,
  submittableMonths,
  timeOptions,
  viewableMonths,
  DEFAULT_RECRUIT_TIMES,
} from './rules';

describe('shift rules', () => {
  it('uses weekend times on Saturdays, Sundays and public holidays (the holiday table)', () => {
    const recruit = { ...DEFAULT_RECRUIT_TIMES, weekday_start: '09:00', weekday_end: '10:00', weekend_start: '11:00', weekend_end: '12:00' };
    expect(timeOptions(recruit, '2026-08-03')).toEqual(['09:00', '09:30', '10:00']); // Monday
    expect(timeOptions(recruit, '2026-08-01')).toEqual(['11:00', '11:30', '12:00']); // Saturday
    expect(timeOptions(recruit, '2026-08-11')).toEqual(['11:00', '11:30', '12:00']); // 山の日, a Tuesday
    expect(dayTypeOf('2026-08-11')).toBe('holiday');
    expect(dayTypeOf('2026-08-02')).toBe('sunday');
    expect(timeOptions({ ...recruit, interval_minutes: 15 }, '2026-08-03')).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
  });
  it('opens corrections from the first day of last month, and lists months newest first', () => {
    expect(firstEditableDate('2026-03-15')).toBe('2026-02-01');
    expect(firstEditableDate('2026-01-01')).toBe('2025-12-01');
    expect(viewableMonths('2026-01-10')).toEqual(['2026-03', '2026-02', '2026-01', '2025-12']);
    expect(submittableMonths('2026-12-31')).toEqual(['2026-12', '2027-01', '2027-02']);
  });
  it('treats 00:00 to 00:00 or missing times as no shift, and flags an end before the start', () => {
    expect(isEmptyShift('00:00:00', '00:00:00')).toBe(true);
    expect(isEmptyShift(null, '10:00')).toBe(true);
    expect(isEmptyShift('10:00', '15:00')).toBe(false);
    expect(endsBeforeStart('15:00', '10:00')).toBe(true);
    expect(endsBeforeStart('10:00', '15:00')).toBe(false);
  });
});

describe('shift corrections older than last month are refused', () => {
  it('lets a day of last month or later be corrected, and not the month before last', () => {
    expect(isCorrectable('2026-02-01', '2026-03-15')).toBe(true);
    expect(isCorrectable('2026-03-20', '2026-03-15')).toBe(true);
    expect(isCorrectable('2026-01-31', '2026-03-15')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { addMonths, monthRange, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { dayKind, monthGrid, monthNavigation } from './calendar-month';

const noFacts = { closedDates: new Set<string>(), holidays: new Map<string, string>(), today: '2026-11-22' };

describe('calendar month grid', () => {
  it('lays a month out in Sunday-to-Saturday weeks with empty cells around it', () => {
    // November 2026 starts on a Sunday and has 30 days: 5 weeks, the last one ending early.
    const weeks = monthGrid({ year: 2026, month: 11 }, noFacts);
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]?.[0]?.date).toBe('2026-11-01');
    expect(weeks[0]?.[0]?.weekday).toBe(0);
    expect(weeks[4]?.[1]?.date).toBe('2026-11-30');
    expect(weeks[4]?.slice(2).every((cell) => cell === null)).toBe(true);

    // February 2027 starts on a Monday: one leading empty cell.
    const february = monthGrid({ year: 2027, month: 2 }, noFacts);
    expect(february[0]?.[0]).toBeNull();
    expect(february[0]?.[1]?.date).toBe('2027-02-01');
    expect(february.flat().filter((cell) => cell !== null)).toHaveLength(28);
  });

  it('marks closed days, holidays and today', () => {
    const weeks = monthGrid(
      { year: 2026, month: 11 },
      { closedDates: new Set(['2026-11-04']), holidays: new Map([['2026-11-23', '勤労感謝の日']]), today: '2026-11-22' },
    );
    const days = weeks.flat().filter((cell) => cell !== null);
    expect(days.find((d) => d.date === '2026-11-04')?.isClosed).toBe(true);
    expect(days.filter((d) => d.isClosed)).toHaveLength(1);
    const holiday = days.find((d) => d.date === '2026-11-23');
    expect(holiday?.holidayName).toBe('勤労感謝の日');
    expect(holiday && dayKind(holiday)).toBe('holiday');
    expect(days.find((d) => d.isToday)?.date).toBe('2026-11-22');
  });

  it('styles Sundays, Saturdays and weekdays', () => {
    const days = monthGrid({ year: 2026, month: 11 }, noFacts)
      .flat()
      .filter((cell) => cell !== null);
    expect(dayKind(days[0]!)).toBe('sunday'); // 11/1
    expect(dayKind(days[6]!)).toBe('saturday'); // 11/7
    expect(dayKind(days[2]!)).toBe('weekday'); // 11/3 without holiday facts
  });
});

describe('calendar month navigation', () => {
  const current = { year: 2026, month: 12 };

  it('allows only the current month and the next one', () => {
    expect(monthNavigation(current, current)).toEqual({ canGoPrevious: false, canGoNext: true });
    expect(monthNavigation(addMonths(current, 1), current)).toEqual({ canGoPrevious: true, canGoNext: false });
  });

  it('crosses the year end', () => {
    expect(addMonths(current, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
  });
});

describe('business dates', () => {
  it('takes today in Tokyo, not in the host time zone', () => {
    // 2026-11-22T15:30Z is already the 23rd in Tokyo (UTC+9).
    expect(tokyoDateOf(new Date('2026-11-22T15:30:00Z'))).toBe('2026-11-23');
    expect(tokyoDateOf(new Date('2026-11-22T14:59:59Z'))).toBe('2026-11-22');
  });

  it('knows the first and last day of a month, leap years included', () => {
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthRange({ year: 2026, month: 4 })).toEqual({ start: '2026-04-01', end: '2026-04-30' });
  });
});

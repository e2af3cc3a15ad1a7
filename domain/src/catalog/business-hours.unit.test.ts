import { describe, expect, it } from 'vitest';
import { resolveBusinessDay, resolveBusinessDays } from './business-hours';

const weekday = (n: number, open: string, close: string) => ({ rule: 'weekday', weekday: n, open_time: open, close_time: close, is_closed: false }) as const;
const rules = [
  ...[0, 1, 2, 4, 5, 6].map((n) => weekday(n, '10:00', '20:00')),
  { rule: 'weekday', weekday: 3, open_time: null, close_time: null, is_closed: true } as const,
  { rule: 'holiday', open_time: '11:00', close_time: '18:00', is_closed: false } as const,
  { rule: 'date', date: '2026-12-31', open_time: null, close_time: null, is_closed: true } as const,
  { rule: 'date', date: '2026-11-25', open_time: '12:00', close_time: '17:00', is_closed: false } as const,
];

describe('resolving business hours for a date', () => {
  it('uses the weekday rule on an ordinary day', () => {
    expect(resolveBusinessDay(rules, '2026-11-24')).toEqual({
      open_time: '10:00',
      close_time: '20:00',
      is_closed: false,
      isHoliday: false,
      source: 'weekday',
    });
    expect(resolveBusinessDay(rules, '2026-11-18')).toMatchObject({ is_closed: true, open_time: null, source: 'weekday' });
  });

  it('uses the holiday rule on a public holiday, and flags it', () => {
    expect(resolveBusinessDay(rules, '2026-11-23')).toEqual({
      open_time: '11:00',
      close_time: '18:00',
      is_closed: false,
      isHoliday: true,
      source: 'holiday',
    });
  });

  it('lets a date override win over the weekday rule, both to close and to open', () => {
    expect(resolveBusinessDay(rules, '2026-12-31')).toMatchObject({ is_closed: true, source: 'date' });
    // 2026-11-25 is a Wednesday, the weekly closing day.
    expect(resolveBusinessDay(rules, '2026-11-25')).toMatchObject({ is_closed: false, open_time: '12:00', source: 'date' });
  });

  it('treats a day without any rule as closed, but still reports holidays', () => {
    expect(resolveBusinessDay([], '2026-01-01')).toEqual({ open_time: null, close_time: null, is_closed: true, isHoliday: true, source: 'none' });
  });

  it('answers a map keyed by date', () => {
    const map = resolveBusinessDays(rules, ['2026-11-22', '2026-11-23']);
    expect(Object.keys(map)).toEqual(['2026-11-22', '2026-11-23']);
    expect(map['2026-11-23']?.isHoliday).toBe(true);
  });
});

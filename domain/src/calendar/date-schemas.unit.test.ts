import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateRangeSchema, isDateRange, isoDateSchema, timeOfDaySchema, yearMonthSchema } from './date-schemas';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('the one set of day schemas', () => {
  it('takes real days of the supported years only', () => {
    expect(['2026-12-01', '2028-02-29', '1970-01-01', '2050-12-31'].map((d) => ok(isoDateSchema, d))).toEqual([true, true, true, true]);
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '0000-01-01',
      '1969-12-31',
      '2051-01-01',
      '2026-12-01x',
      ' 2026-12-01',
      '2026-1-1',
      '2026-13-01',
      '+02026-12-01',
    ])
      expect(ok(isoDateSchema, bad), bad).toBe(false);
  });

  it('takes months and times of day, nothing after them', () => {
    expect(ok(yearMonthSchema, '2026-12')).toBe(true);
    for (const bad of ['0000-01', '2026-13', '2026-00', '2026-12x', '9999-12']) expect(ok(yearMonthSchema, bad), bad).toBe(false);
    expect(ok(timeOfDaySchema, '23:59')).toBe(true);
    for (const bad of ['24:00', '12:60', '12:00x', '1:00']) expect(ok(timeOfDaySchema, bad), bad).toBe(false);
  });

  it('takes a range with from ≤ to and at most its days, and never runs the range rule on a bad day', () => {
    const range = dateRangeSchema(31);
    expect(ok(range, { from: '2026-12-01', to: '2026-12-31' })).toBe(true);
    expect(ok(range, { from: '2026-12-02', to: '2026-12-01' })).toBe(false);
    expect(ok(range, { from: '2026-12-01', to: '2027-01-01' })).toBe(false);
    // A bad day refused by its field, not thrown by the range rule (a RangeError was a 500).
    expect(() => range.safeParse({ from: '2026-12-01x', to: '2026-12-02' })).not.toThrow();
    expect(ok(range, { from: '2026-12-01x', to: '2026-12-02' })).toBe(false);
    const around = z.object({ from: isoDateSchema, to: isoDateSchema }).refine((q) => isDateRange(q.from, q.to, 400));
    expect(() => around.safeParse({ from: '2026-02-30', to: '0000-01-01' })).not.toThrow();
    expect(isDateRange('2026-02-30', '2026-03-01', 400)).toBe(false);
  });
});

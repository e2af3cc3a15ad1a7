import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsOf } from './sales';

describe('sales buckets', () => {
  it('puts a day in its day, the Monday of its week, or its month', () => {
    // 2026-12-06 is a Sunday: its week began on Monday the 30th of November.
    expect(bucketOf('2026-12-06', 'day')).toBe('2026-12-06');
    expect(bucketOf('2026-12-06', 'week')).toBe('2026-11-30');
    expect(bucketOf('2026-11-30', 'week')).toBe('2026-11-30');
    expect(bucketOf('2026-12-06', 'month')).toBe('2026-12');
  });

  it('lists every bucket of a range once, in order, empty ones too', () => {
    expect(bucketsOf({ from: '2026-11-29', to: '2026-12-08' }, 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(bucketsOf({ from: '2026-11-29', to: '2027-01-02' }, 'month')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(bucketsOf({ from: '2026-12-30', to: '2027-01-01' }, 'day')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});

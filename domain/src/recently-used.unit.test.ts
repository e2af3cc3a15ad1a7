import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used';

describe('RecentlyUsed', () => {
  it('keeps at most its limit, dropping the entry used longest ago', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1); // a is now more recent than b
    kept.set('c', 3);
    expect(kept.size).toBe(2);
    expect(kept.peek('b')).toBeUndefined();
    expect(kept.peek('a')).toBe(1);
    expect(kept.peek('c')).toBe(3);
  });

  it('counts a write as a use, and a peek not', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('a', 10);
    expect(kept.peek('b')).toBe(2);
    kept.set('c', 3);
    expect([kept.peek('a'), kept.peek('b'), kept.peek('c')]).toEqual([10, undefined, 3]);
    kept.peek('a');
    kept.set('d', 4);
    expect(kept.peek('a')).toBeUndefined();
  });

  it('refuses a limit that would keep nothing', () => {
    expect(() => new RecentlyUsed(0)).toThrow();
  });
});

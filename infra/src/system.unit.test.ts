import { describe, expect, it } from 'vitest';
import { adjustableClock, clockStartingAt, cryptoIds } from './system';

describe('cryptoIds.uuid (decision 482)', () => {
  it('makes version-7 ids that sort in the order they were made, even within one millisecond', () => {
    const made = Array.from({ length: 2_000 }, () => cryptoIds.uuid());
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('starts each id with the time it was made, so an index takes new ids on its last page', () => {
    const before = Date.now();
    const id = cryptoIds.uuid();
    const after = Date.now();
    const millis = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(after);
  });
});

describe('clockStartingAt (decision 585)', () => {
  it('reads the chosen start when made and runs on in step with the clock below it, moved forward by the test clock', () => {
    let real = Date.parse('2027-03-03T20:06:00Z');
    const below = { now: () => new Date(real) };
    const clock = adjustableClock(clockStartingAt(new Date('2026-12-08T12:00:00+09:00'), below));
    expect(clock.now().toISOString()).toBe('2026-12-08T03:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-12-08T03:01:30.000Z');
    clock.advance(3_600_000);
    expect(clock.now().toISOString()).toBe('2026-12-08T04:01:30.000Z');
  });

  it('anchored at an earlier moment, reads as far past the start as real time has run since then', () => {
    const real = Date.parse('2027-03-03T20:06:00Z');
    const clock = clockStartingAt(new Date('2026-12-08T12:00:00+09:00'), { now: () => new Date(real) }, real - 60_000);
    expect(clock.now().toISOString()).toBe('2026-12-08T03:01:00.000Z');
  });
});

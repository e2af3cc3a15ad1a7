import type { Clock } from '../ports';

/** A clock the test moves by hand: no sleeping, no wall time. */
export function manualClock(start: Date): Clock & { advance(minutes: number): void; advanceMs(ms: number): void; set(instant: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (minutes) => {
      now += minutes * 60_000;
    },
    advanceMs: (ms) => {
      now += ms;
    },
    set: (instant) => {
      now = instant.getTime();
    },
  };
}

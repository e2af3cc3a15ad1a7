import { describe, expect, it } from 'vitest';
import { check, elapsedMs, isExpired, pause, remainingMs, remainingText, resume, SESSION_VALID_MS, startSession } from './session';

const t0 = Date.UTC(2026, 11, 10, 1, 0, 0);

describe('reservation session', () => {
  it('is valid for 5 minutes from its start', () => {
    const s = startSession(t0);
    expect(isExpired(s, t0 + SESSION_VALID_MS - 1)).toBe(false);
    expect(isExpired(s, t0 + SESSION_VALID_MS)).toBe(true);
  });

  it('the 30-second check refreshes last activity while valid and reports expiry after', () => {
    const s = startSession(t0);
    expect(check(s, t0 + 30_000)).toEqual({ expired: false, session: { ...s, lastActivityAt: t0 + 30_000 } });
    expect(check(s, t0 + 5 * 60_000)).toEqual({ expired: true });
  });

  it('does not count paused time', () => {
    let s = startSession(t0);
    s = pause(s, t0 + 60_000);
    expect(elapsedMs(s, t0 + 10 * 60_000)).toBe(60_000);
    s = resume(s, t0 + 10 * 60_000);
    expect(isExpired(s, t0 + 13 * 60_000)).toBe(false);
    expect(isExpired(s, t0 + 14 * 60_000)).toBe(true);
  });

  it('shows the time left as m:ss, rounded up, with paused time not counted', () => {
    const s = startSession(t0);
    expect(remainingText(remainingMs(s, t0))).toBe('5:00');
    expect(remainingText(remainingMs(s, t0 + 55_500))).toBe('4:05');
    expect(remainingText(remainingMs(s, t0 + SESSION_VALID_MS - 1))).toBe('0:01');
    expect(remainingText(remainingMs(s, t0 + SESSION_VALID_MS + 9_000))).toBe('0:00');
    expect(remainingMs(pause(s, t0 + 60_000), t0 + 10 * 60_000)).toBe(4 * 60_000);
  });
});

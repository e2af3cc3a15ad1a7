import { describe, expect, it } from 'vitest';
import { doubleBookings } from './seat-ledger';

/** The dinner rush and the bench judge double bookings by this replay: it must see one. */
describe('double bookings in a replayed seat ledger', () => {
  const held = (holdId: string, seat: string, startMinute: number, at: string, expiresAt: string) => ({
    type: 'SeatsHeld',
    data: { holdId, sessionId: holdId, seatIds: [seat], people: 1, startMinute, endMinute: startMinute + 60, expiresAt },
    recordedAt: new Date(at),
  });

  it('counts a seat held again at an overlapping time while the first hold lives', () => {
    expect(
      doubleBookings([
        held('a', 'T1', 600, '2026-11-26T10:00:00Z', '2026-11-26T10:05:00Z'),
        held('b', 'T1', 630, '2026-11-26T10:04:59Z', '2026-11-26T10:09:59Z'),
      ]),
    ).toBe(1);
  });

  it('counts nothing after the first hold ran out, at another seat, or at a time that does not overlap', () => {
    const first = held('a', 'T1', 600, '2026-11-26T10:00:00Z', '2026-11-26T10:05:00Z');
    expect(doubleBookings([first, held('b', 'T1', 600, '2026-11-26T10:05:00Z', '2026-11-26T10:10:00Z')])).toBe(0);
    expect(doubleBookings([first, held('b', 'T2', 600, '2026-11-26T10:01:00Z', '2026-11-26T10:06:00Z')])).toBe(0);
    expect(doubleBookings([first, held('b', 'T1', 660, '2026-11-26T10:01:00Z', '2026-11-26T10:06:00Z')])).toBe(0);
  });
});

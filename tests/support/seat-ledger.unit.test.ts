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

  it('judges by the time the ledger held each seat, not the wall clock that recorded it (a test server clock moved ahead)', () => {
    const onServerClock = (event: ReturnType<typeof held>, heldAt: string) => ({
      ...event,
      data: { ...event.data, heldAt },
      recordedAt: new Date('2026-11-26T01:00:00Z'),
    });
    const first = onServerClock(held('a', 'T1', 600, '2026-11-26T10:00:00Z', '2026-11-26T10:05:00Z'), '2026-11-26T10:00:00Z');
    expect(doubleBookings([first, onServerClock(held('b', 'T1', 600, '2026-11-26T10:06:00Z', '2026-11-26T10:11:00Z'), '2026-11-26T10:06:00Z')])).toBe(0);
    expect(doubleBookings([first, onServerClock(held('b', 'T1', 600, '2026-11-26T10:04:00Z', '2026-11-26T10:09:00Z'), '2026-11-26T10:04:00Z')])).toBe(1);
  });
});

import { seatingLedger, type SeatingState } from '@moncafe/domain/seating/decider';
import type { SeatingEvent } from '@moncafe/domain/seating/events';

/**
 * Replays the day's ledger event by event and counts every moment two live holds or bookings
 * share a seat at overlapping times: what a double booking is. Holds live until they expire
 * (judged at the time the next one was held) or are released.
 */
export function doubleBookings(events: readonly { type: string; data: unknown; recordedAt: Date }[]): number {
  let state: SeatingState = seatingLedger.initialState();
  let found = 0;
  for (const e of events) {
    const event = { type: e.type, data: e.data } as SeatingEvent;
    if (event.type === 'SeatsHeld') {
      // The hold's own time, on the clock the ledger decided by (a test server's clock may be
      // moved ahead of the wall clock that stamps recordedAt); older events have none.
      const at = event.data.heldAt ? Date.parse(event.data.heldAt) : e.recordedAt.getTime();
      const live = [...Object.values(state.holds).filter((h) => Date.parse(h.expiresAt) > at), ...Object.values(state.bookings)];
      for (const other of live) {
        const shared = other.seatIds.some((s) => event.data.seatIds.includes(s));
        const overlaps = other.start < event.data.endMinute && event.data.startMinute < other.end;
        if (shared && overlaps) found++;
      }
    }
    state = seatingLedger.evolve(state, event);
  }
  return found;
}

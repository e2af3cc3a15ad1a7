/**
 * Seat allocation rules, shared by the ledger decider and the availability queries so that
 * what the calendar offers is exactly what `allocate-seat` can grant.
 */

/** A seat as the catalog defines it. The array order is the floor order: neighbours in it are adjacent. */
export interface SeatSpec {
  id: string;
  name: string;
  maxPeople: number;
  /** How long a booking keeps the seat when no course in the cart sets a duration. */
  holdMinutes: number;
}

/** A half-open interval [start, end) of minutes since midnight of the ledger's day. */
export interface Interval {
  start: number;
  end: number;
}

/** Half-open intervals overlap when each starts before the other ends; a short one inside a long one overlaps. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

export interface AllocationRequest {
  people: number;
  startMinute: number;
  /** The longest course duration in the cart, where a menu item sets one; else each seat's hold time. */
  courseMinutes: number | null;
  /** The booking must end by this minute (closing time), when set. */
  latestEndMinute: number | null;
}

export interface Allocation {
  seatIds: string[];
  startMinute: number;
  endMinute: number;
}

function durationOn(seat: SeatSpec, courseMinutes: number | null): number {
  return courseMinutes ?? seat.holdMinutes;
}

/**
 * Picks seats for a party: the smallest single seat that fits, else the fewest adjacent seats
 * (consecutive in floor order) that together fit, never a seat that is busy for any part of the
 * stay. Returns null when nothing fits.
 */
export function allocateSeats(
  seats: readonly SeatSpec[],
  busy: (seatId: string, interval: Interval) => boolean,
  request: AllocationRequest,
): Allocation | null {
  const { people, startMinute, courseMinutes, latestEndMinute } = request;
  if (people < 1) return null;

  const usable = (group: readonly SeatSpec[]): Allocation | null => {
    const end = startMinute + Math.max(...group.map((s) => durationOn(s, courseMinutes)));
    if (latestEndMinute !== null && end > latestEndMinute) return null;
    const interval = { start: startMinute, end };
    if (group.some((s) => busy(s.id, interval))) return null;
    return { seatIds: group.map((s) => s.id), startMinute, endMinute: end };
  };

  // Smallest single seat first, so large tables stay free for large parties.
  const singles = seats
    .map((seat, index) => ({ seat, index }))
    .filter(({ seat }) => seat.maxPeople >= people)
    .sort((a, b) => a.seat.maxPeople - b.seat.maxPeople || a.index - b.index);
  for (const { seat } of singles) {
    const found = usable([seat]);
    if (found) return found;
  }

  // Then the fewest adjacent seats; among equal counts, the least total capacity, then floor order.
  for (let size = 2; size <= seats.length; size++) {
    const windows: { group: SeatSpec[]; capacity: number; index: number }[] = [];
    for (let i = 0; i + size <= seats.length; i++) {
      const group = seats.slice(i, i + size);
      const capacity = group.reduce((sum, s) => sum + s.maxPeople, 0);
      if (capacity >= people) windows.push({ group, capacity, index: i });
    }
    windows.sort((a, b) => a.capacity - b.capacity || a.index - b.index);
    for (const { group } of windows) {
      const found = usable(group);
      if (found) return found;
    }
  }
  return null;
}

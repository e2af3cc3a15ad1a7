/**
 * Seat allocation rules, shared by the ledger decider and the availability queries so that
 * what the calendar offers is exactly what `allocate-seat` can grant.
 */
import { placesOf, seatsHoldParty } from './capacity';

/** A reservable seat as the catalog defines it. The array order is the display order, used to break ties. */
export interface SeatSpec {
  id: string;
  name: string;
  maxPeople: number;
  /** How long a booking keeps the seat when no course in the cart sets a duration. */
  holdMinutes: number;
  /** Seats that can be joined with this one; adjacency is symmetric (either side may declare it). */
  adjacentSeatIds: readonly string[];
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
 *
 * Each seat is asked once whether it is free for its own stay; only those seats make groups. A
 * group's stay is at least as long as each member's own, so a seat busy for its own stay (or
 * ending past `latestEndMinute`) is in no usable group. Without this, a full floor made every
 * connected set of every size before answering null: tens of milliseconds per time slot, and a
 * guest's calendar asks for about 2,000 slots (decision 479).
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

  const alone = seats.map((seat) => usable([seat]));
  const free = seats.filter((_, i) => alone[i] !== null);

  // Smallest single seat first, so large tables stay free for large parties.
  const singles = seats
    .map((seat, index) => ({ seat, index }))
    .filter(({ seat, index }) => alone[index] !== null && seatsHoldParty([seat], people))
    .sort((a, b) => a.seat.maxPeople - b.seat.maxPeople || a.index - b.index);
  if (singles.length > 0) return alone[singles[0]!.index]!;
  if (!seatsHoldParty(free, people)) return null;

  // Then the fewest adjacent seats; among equal counts, the least total capacity, then display order.
  for (const level of connectedGroups(seats, (i) => alone[i] !== null)) {
    const groups = level
      .map((indices) => ({ indices, group: indices.map((i) => seats[i]!) }))
      .filter(({ group }) => seatsHoldParty(group, people))
      .map(({ indices, group }) => ({ indices, capacity: placesOf(group) }))
      .sort((a, b) => a.capacity - b.capacity || compareIndices(a.indices, b.indices));
    for (const { indices } of groups) {
      const found = usable(indices.map((i) => seats[i]!));
      if (found) return found;
    }
  }
  return null;
}

function compareIndices(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * The sets of seats connected through adjacency among the seats `allowed` takes, as sorted index
 * lists: those of 2 seats, then of 3, and so on, each size grown from the one before, until no
 * larger set exists.
 */
function* connectedGroups(seats: readonly SeatSpec[], allowed: (index: number) => boolean): Generator<number[][]> {
  const index = new Map(seats.map((s, i) => [s.id, i]));
  const neighbours = seats.map(() => new Set<number>());
  seats.forEach((seat, i) => {
    if (!allowed(i)) return;
    for (const id of seat.adjacentSeatIds) {
      const j = index.get(id);
      if (j === undefined || j === i || !allowed(j)) continue;
      neighbours[i]!.add(j);
      neighbours[j]!.add(i);
    }
  });
  let level: number[][] = seats.flatMap((_, i) => (allowed(i) ? [[i]] : []));
  for (let size = 2; size <= seats.length; size++) {
    const next = new Map<string, number[]>();
    for (const group of level)
      for (const member of group)
        for (const j of neighbours[member]!) {
          if (group.includes(j)) continue;
          const grown = [...group, j].sort((a, b) => a - b);
          next.set(grown.join(','), grown);
        }
    if (next.size === 0) return;
    level = [...next.values()];
    yield level;
  }
}

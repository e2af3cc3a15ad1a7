import type { Kysely, Selectable } from 'kysely';
import type { SeatSpec } from '@moncafe/domain/seating/allocation';
import type { Database } from '../database';

/** A seat: id, store_id, name, max_people, reservation_hold_minutes, is_reservable, adjacent_seat_ids, display_order. */
export type Seat = Selectable<Database['seats']>;

/** A store's seats in display order. */
export async function listSeats(db: Kysely<Database>, storeId: string): Promise<Seat[]> {
  return db.selectFrom('seats').selectAll().where('store_id', '=', storeId).orderBy('display_order').orderBy('id').execute();
}

export async function getSeat(db: Kysely<Database>, seatId: string): Promise<Seat | null> {
  return (await db.selectFrom('seats').selectAll().where('id', '=', seatId).executeTakeFirst()) ?? null;
}

/**
 * Which seats can be joined with which, for combining neighbours for a larger party:
 * symmetric (declared on either seat is enough), limited to the given seats, sorted.
 */
export function seatNeighbours(seats: readonly Pick<Seat, 'id' | 'adjacent_seat_ids'>[]): Record<string, string[]> {
  const known = new Set(seats.map((s) => s.id));
  const links = new Map<string, Set<string>>(seats.map((s) => [s.id, new Set<string>()]));
  for (const seat of seats) {
    for (const other of seat.adjacent_seat_ids) {
      if (other === seat.id || !known.has(other)) continue;
      links.get(seat.id)?.add(other);
      links.get(other)?.add(seat.id);
    }
  }
  return Object.fromEntries([...links].map(([id, set]) => [id, [...set].sort()]));
}

/** Seats as the seating rules take them (domain SeatSpec), joins made symmetric among the given seats. */
export function seatSpecs(rows: readonly Seat[]): SeatSpec[] {
  const neighbours = seatNeighbours(rows);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    maxPeople: s.max_people,
    holdMinutes: s.reservation_hold_minutes,
    adjacentSeatIds: neighbours[s.id] ?? [],
  }));
}

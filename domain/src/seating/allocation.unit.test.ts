import { describe, expect, it } from 'vitest';
import { allocateSeats, overlaps, type Interval, type SeatSpec } from './allocation';

/** A row of `n` two-person tables, each joinable with the next (a banquette). */
function banquette(n: number, holdMinutes = 90): SeatSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `B${i + 1}`,
    name: `ベンチ${i + 1}`,
    maxPeople: 2,
    holdMinutes,
    adjacentSeatIds: i + 1 < n ? [`B${i + 2}`] : [],
  }));
}

/** `busy` over fixed bookings, counting how often it is asked. */
function bookings(booked: Record<string, Interval[]>) {
  const asked = { count: 0 };
  const busy = (seatId: string, interval: Interval) => {
    asked.count++;
    return (booked[seatId] ?? []).some((b) => overlaps(b, interval));
  };
  return { busy, asked };
}

const at = (startMinute: number, people: number, courseMinutes: number | null = null, latestEndMinute: number | null = null) => ({
  people,
  startMinute,
  courseMinutes,
  latestEndMinute,
});

describe('seat allocation', () => {
  it('gives the smallest single seat that fits, before any group', () => {
    const seats: SeatSpec[] = [
      { id: 'L', name: '大テーブル', maxPeople: 6, holdMinutes: 90, adjacentSeatIds: [] },
      { id: 'S', name: '小テーブル', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['M'] },
      { id: 'M', name: '中テーブル', maxPeople: 4, holdMinutes: 90, adjacentSeatIds: [] },
    ];
    const { busy } = bookings({});
    expect(allocateSeats(seats, busy, at(720, 3))?.seatIds).toEqual(['M']);
    expect(allocateSeats(seats, busy, at(720, 5))?.seatIds).toEqual(['L']);
  });

  it('joins the fewest adjacent free seats, the least capacity first, then floor order', () => {
    const seats = banquette(5);
    const { busy } = bookings({ B2: [{ start: 700, end: 800 }] });
    // B2 is busy: B1 stands alone, so four people get B3+B4 (the first free pair in floor order).
    expect(allocateSeats(seats, busy, at(720, 4))).toEqual({ seatIds: ['B3', 'B4'], startMinute: 720, endMinute: 810 });
    expect(allocateSeats(seats, busy, at(720, 6))?.seatIds).toEqual(['B3', 'B4', 'B5']);
    expect(allocateSeats(seats, busy, at(720, 8))).toBeNull();
  });

  it('refuses a group whose longer stay reaches a booking that a member’s own stay does not', () => {
    const seats: SeatSpec[] = [
      { id: 'A', name: 'A', maxPeople: 2, holdMinutes: 60, adjacentSeatIds: ['B'] },
      { id: 'B', name: 'B', maxPeople: 2, holdMinutes: 120, adjacentSeatIds: [] },
    ];
    // A is free 12:00–13:00 (its own hold) but booked from 13:30: the pair would keep it until 14:00.
    const { busy } = bookings({ A: [{ start: 810, end: 900 }] });
    expect(allocateSeats(seats, busy, at(720, 2))?.seatIds).toEqual(['A']);
    expect(allocateSeats(seats, busy, at(720, 4))).toBeNull();
    expect(allocateSeats(seats, bookings({}).busy, at(720, 4))).toEqual({ seatIds: ['A', 'B'], startMinute: 720, endMinute: 840 });
  });

  it('keeps a stay inside closing time for a group as for a single seat', () => {
    const seats = banquette(2);
    const { busy } = bookings({});
    expect(allocateSeats(seats, busy, at(900, 4, null, 990))).toEqual({ seatIds: ['B1', 'B2'], startMinute: 900, endMinute: 990 });
    expect(allocateSeats(seats, busy, at(901, 4, null, 990))).toBeNull();
  });

  it('answers a full floor after asking once per seat, not once per group of seats (decision 479)', () => {
    const seats = banquette(20);
    const full = Object.fromEntries(seats.map((s) => [s.id, [{ start: 0, end: 24 * 60 }]]));
    const { busy, asked } = bookings(full);
    expect(allocateSeats(seats, busy, at(720, 4))).toBeNull();
    expect(asked.count).toBe(seats.length);
  });

  it('answers a floor whose free seats cannot hold the party without building groups (decision 479)', () => {
    const seats = banquette(20);
    // Every other table booked: ten free two-person tables, none of them adjacent to another.
    const half = Object.fromEntries(seats.filter((_, i) => i % 2 === 1).map((s) => [s.id, [{ start: 0, end: 24 * 60 }]]));
    const { busy, asked } = bookings(half);
    expect(allocateSeats(seats, busy, at(720, 30))).toBeNull();
    expect(asked.count).toBe(seats.length);
    expect(allocateSeats(seats, busy, at(720, 4))).toBeNull();
  });
});

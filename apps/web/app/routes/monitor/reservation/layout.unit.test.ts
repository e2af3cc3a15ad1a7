import { describe, expect, it } from 'vitest';
import { tokyoInstant } from '@moncafe/domain/calendar/dates';
import { holdMinutes, layoutBlocks, movedStart, onGrid, slotStarts, type LayoutReservation } from './layout';

const date = '2026-12-01';
const at = (minute: number) => tokyoInstant(date, minute);
const seats = [
  { id: 's1', reservation_hold_minutes: 60 },
  { id: 's2', reservation_hold_minutes: null },
];
const reservation = (over: Partial<LayoutReservation> = {}): LayoutReservation => ({
  id: 'r1',
  reservation_time: '12:00',
  seat_ids: ['s1'],
  status: 'web',
  email_confirm_status: '1',
  origin: 'web',
  exited_at: null,
  ...over,
});

describe('the schedule layout', () => {
  it('draws a block for the seat hold time (90 minutes when the seat sets none)', () => {
    const blocks = layoutBlocks({ date, now: at(11 * 60), seats, reservations: [reservation(), reservation({ id: 'r2', seat_ids: ['s2'] })] });
    expect(blocks).toEqual([
      { reservationId: 'r1', seatId: 's1', startMinute: 720, endMinute: 780, overdue: false, exited: false },
      { reservationId: 'r2', seatId: 's2', startMinute: 720, endMinute: 810, overdue: false, exited: false },
    ]);
  });

  it('grows an overdue block to now and marks it, judged against the injected clock', () => {
    const at1259 = layoutBlocks({ date, now: at(12 * 60 + 59), seats, reservations: [reservation()] });
    expect(at1259[0]).toMatchObject({ endMinute: 780, overdue: false });
    const at1300 = layoutBlocks({ date, now: at(13 * 60), seats, reservations: [reservation()] });
    expect(at1300[0]).toMatchObject({ endMinute: 780, overdue: false });
    const at1345 = layoutBlocks({ date, now: at(13 * 60 + 45), seats, reservations: [reservation()] });
    expect(at1345[0]).toMatchObject({ startMinute: 720, endMinute: 825, overdue: true });
  });

  it('draws an exited block from start to exit, at least one minute, never overdue', () => {
    const exited = layoutBlocks({
      date,
      now: at(15 * 60),
      seats,
      reservations: [reservation({ status: 'exited', exited_at: at(12 * 60 + 25).toISOString() })],
    });
    expect(exited[0]).toMatchObject({ startMinute: 720, endMinute: 745, exited: true, overdue: false });
    const instant = layoutBlocks({ date, now: at(15 * 60), seats, reservations: [reservation({ status: 'exited', exited_at: at(12 * 60).toISOString() })] });
    expect(instant[0]).toMatchObject({ startMinute: 720, endMinute: 721 });
  });

  it('shows web reservations with email_confirm_status 0 or 1, walk-ins and unset, and leaves cancelled ones to the list', () => {
    expect(onGrid(reservation({ email_confirm_status: '0' }))).toBe(true);
    expect(onGrid(reservation({ email_confirm_status: null }))).toBe(false);
    expect(onGrid(reservation({ origin: 'walk_in', status: 'guest', email_confirm_status: null }))).toBe(true);
    expect(onGrid(reservation({ status: null }))).toBe(true);
    expect(onGrid(reservation({ status: 'confirmed' }))).toBe(true);
    expect(onGrid(reservation({ status: 'cancelled' }))).toBe(false);
    expect(onGrid(reservation({ status: 'no_show' }))).toBe(false);
  });

  it('draws a party on joined seats on each seat, with the longest hold', () => {
    expect(holdMinutes(['s1', 's2'], seats)).toBe(90);
    const blocks = layoutBlocks({ date, now: at(0), seats, reservations: [reservation({ seat_ids: ['s1', 's2'] })] });
    expect(blocks.map((b) => [b.seatId, b.endMinute])).toEqual([
      ['s1', 810],
      ['s2', 810],
    ]);
  });

  it('moves in 5-minute steps within open hours', () => {
    const window = { open: 600, close: 1200 };
    expect(movedStart(720, 12, 90, window)).toBe(730);
    expect(movedStart(720, -300, 90, window)).toBe(600);
    expect(movedStart(720, 600, 90, window)).toBe(1110);
    // A walk-in seated off the steps (10:04) lands on them, also when dropped where it was.
    expect(movedStart(604, 25, 90, window)).toBe(630);
    expect(movedStart(604, 10, 90, window)).toBe(615);
    expect(movedStart(604, 0, 90, window)).toBe(605);
    expect(movedStart(602, -1, 90, window)).toBe(600);
    expect(slotStarts(window)).toHaveLength(20);
  });
});

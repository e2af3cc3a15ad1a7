import { describe, expect, it } from 'vitest';
import type { SeatSpec } from './allocation';
import { availableDates, availableTimes, bookingWindow, checkDate, courseMinutesOf, minimumDate, type BusinessDay, type MenuRules } from './availability';
import { tokyoInstant } from '../calendar/dates';
import type { SeatingEvent } from './events';
import { initialState, seatingLedger } from './decider';

const seats: SeatSpec[] = [
  { id: 'T1', name: 'テーブル1', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: [] },
  { id: 'T2', name: 'テーブル2', maxPeople: 4, holdMinutes: 90, adjacentSeatIds: [] },
];
const open: BusinessDay = { closed: false, openTime: '11:00', closeTime: '17:00' };
const closed: BusinessDay = { closed: true, openTime: null, closeTime: null };
const cake: MenuRules = { menuId: 'm1', name: 'ケーキコース', deadlineDaysBefore: 2, deadlineTime: '18:00', durationMinutes: null };
const tea: MenuRules = { menuId: 'm2', name: 'アフタヌーンティー', deadlineDaysBefore: 1, deadlineTime: '12:00', durationMinutes: 120 };
// 2026-12-10 10:15 in Tokyo.
const now = tokyoInstant('2026-12-10', 10 * 60 + 15);
const ledger = (events: SeatingEvent[]) => events.reduce(seatingLedger.evolve, initialState());

describe('available times', () => {
  it('offers every 30 minutes from opening while a seat fits the whole stay before closing', () => {
    const times = availableTimes({ date: '2026-12-11', now, day: open, seats, ledger: initialState(), people: 2, courseMinutes: null });
    expect(times).toEqual(['11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30']);
  });

  it('never offers a time already past today', () => {
    const late = tokyoInstant('2026-12-10', 14 * 60 + 30);
    expect(availableTimes({ date: '2026-12-10', now: late, day: open, seats, ledger: initialState(), people: 2, courseMinutes: null })).toEqual([
      '15:00',
      '15:30',
    ]);
  });

  it('drops times whose stay overlaps bookings on every seat that fits, and offers them again after a release', () => {
    const taken = ledger([
      { type: 'SeatsBooked', data: { reservationId: 'r1', holdId: null, seatIds: ['T2'], people: 4, startMinute: 12 * 60, endMinute: 13 * 60 + 30 } },
    ]);
    const times = availableTimes({ date: '2026-12-11', now, day: open, seats, ledger: taken, people: 3, courseMinutes: null });
    expect(times).toEqual(['13:30', '14:00', '14:30', '15:00', '15:30']);
    const released = seatingLedger.evolve(taken, { type: 'SeatsReleased', data: { reservationId: 'r1', reason: 'cancelled_by_customer' } });
    expect(availableTimes({ date: '2026-12-11', now, day: open, seats, ledger: released, people: 3, courseMinutes: null })).toContain('12:00');
  });

  it('uses the longest course duration of the cart', () => {
    expect(courseMinutesOf([cake, tea])).toBe(120);
    expect(courseMinutesOf([cake])).toBeNull();
    expect(availableTimes({ date: '2026-12-11', now, day: open, seats, ledger: initialState(), people: 2, courseMinutes: 120 }).at(-1)).toBe('15:00');
  });

  it('offers nothing on a closed day', () => {
    expect(availableTimes({ date: '2026-12-11', now, day: closed, seats, ledger: initialState(), people: 2, courseMinutes: null })).toEqual([]);
  });
});

describe('date checks, in the spec order', () => {
  const sameDay = { isEnabled: true, deadlineTime: '16:00' };
  it('refuses a closed day first', () => {
    expect(checkDate({ date: '2026-12-10', now, day: closed, sameDay: { isEnabled: false, deadlineTime: null }, menus: [] })).toEqual({
      code: 'closed',
      date: '2026-12-10',
    });
  });
  it('checks same-day booking, its deadline and the end of business today', () => {
    expect(checkDate({ date: '2026-12-10', now, day: open, sameDay: { isEnabled: false, deadlineTime: null }, menus: [] })).toEqual({
      code: 'same_day_disabled',
    });
    const after = tokyoInstant('2026-12-10', 16 * 60 + 1);
    expect(checkDate({ date: '2026-12-10', now: after, day: open, sameDay, menus: [] })).toEqual({ code: 'same_day_deadline_passed', time: '16:00' });
    const closing = tokyoInstant('2026-12-10', 17 * 60);
    expect(checkDate({ date: '2026-12-10', now: closing, day: open, sameDay: { isEnabled: true, deadlineTime: null }, menus: [] })).toEqual({
      code: 'business_over',
    });
    expect(checkDate({ date: '2026-12-10', now, day: open, sameDay, menus: [] })).toBeNull();
  });
  it('lists every menu whose deadline has passed for another day', () => {
    expect(checkDate({ date: '2026-12-11', now, day: open, sameDay, menus: [cake, tea] })).toEqual({
      code: 'menu_deadline_passed',
      menus: [{ name: 'ケーキコース', daysBefore: 2, time: '18:00' }],
    });
    expect(checkDate({ date: '2026-12-12', now, day: open, sameDay, menus: [cake, tea] })).toBeNull();
  });
  it('refuses a date before the minimum date', () => {
    expect(checkDate({ date: '2026-12-09', now, day: open, sameDay, menus: [] })).toEqual({ code: 'past_date', date: '2026-12-09' });
  });
  it("computes the minimum date from the menus' deadlines", () => {
    expect(minimumDate([], now)).toBe('2026-12-10');
    expect(minimumDate([cake], now)).toBe('2026-12-12');
    expect(minimumDate([cake], tokyoInstant('2026-12-10', 18 * 60 + 1))).toBe('2026-12-13');
  });
});

describe('available dates', () => {
  it('spans the current month plus two, skipping closed days and full days', () => {
    expect(bookingWindow(now)[0]).toBe('2026-12-10');
    expect(bookingWindow(now).at(-1)).toBe('2027-02-28');
    const full = ledger([
      { type: 'SeatsBooked', data: { reservationId: 'r', holdId: null, seatIds: ['T1', 'T2'], people: 6, startMinute: 0, endMinute: 24 * 60 } },
    ]);
    const dates = availableDates({
      now,
      dayOf: (d) => (d === '2026-12-13' ? closed : open),
      ledgerOf: (d) => (d === '2026-12-14' ? full : initialState()),
      seats,
      sameDay: { isEnabled: false, deadlineTime: null },
      menus: [cake],
      people: 2,
    });
    expect(dates.slice(0, 3)).toEqual(['2026-12-12', '2026-12-15', '2026-12-16']);
  });
});

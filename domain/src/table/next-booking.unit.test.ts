import { describe, expect, it } from 'vitest';
import { minutesOf } from '../calendar/dates';
import { nextBookingOf, partyLabel, runsInto, type DayBooking } from './next-booking';

const booking = (over: Partial<DayBooking>): DayBooking => ({
  reservationId: 'r',
  seatIds: ['T1'],
  time: '18:30',
  people: 2,
  course: null,
  status: 'guest',
  origin: 'web',
  seatedAt: null,
  walkInBy: null,
  ...over,
});
const at = (time: string) => minutesOf(time);

describe("a seat's next booking this evening", () => {
  it('is the earliest booking on the seat after now whose party has not sat down', () => {
    const day = [
      booking({ reservationId: 'late', time: '20:00' }),
      booking({ reservationId: 'next', time: '18:30', people: 4, course: 'ディナーコース' }),
      booking({ reservationId: 'other seat', time: '18:15', seatIds: ['T2'] }),
      booking({ reservationId: 'begun', time: '17:30' }),
    ];
    expect(nextBookingOf(day, 'T1', at('18:10'))).toEqual({ reservationId: 'next', time: '18:30', people: 4, course: 'ディナーコース', label: 'booked' });
  });
  it('leaves out a booking already at the table, cancelled or a no-show, and one of another seat', () => {
    const day = [
      booking({ reservationId: 'seated', time: '18:30', seatedAt: '2026-12-03T09:20:00.000Z', status: 'confirmed' }),
      booking({ reservationId: 'cancelled', time: '18:40', status: 'cancelled' }),
      booking({ reservationId: 'no show', time: '18:50', status: 'no_show' }),
      booking({ reservationId: 'elsewhere', time: '19:00', seatIds: ['T2'] }),
    ];
    expect(nextBookingOf(day, 'T1', at('18:00'))).toBeNull();
    expect(nextBookingOf(day, 'T2', at('18:00'))?.reservationId).toBe('elsewhere');
  });
  it('counts a booking of several seats at each of them, and none once its time has come', () => {
    const day = [booking({ reservationId: 'pair', seatIds: ['T1', 'T2'], time: '19:00' })];
    expect(nextBookingOf(day, 'T2', at('18:00'))?.reservationId).toBe('pair');
    expect(nextBookingOf(day, 'T1', at('19:00'))).toBeNull();
  });
});

describe('whether a stay from now runs into the next booking', () => {
  const next = { time: '18:30' };
  it('does when the party would still be at the table at its time', () => {
    expect(runsInto(next, at('18:10'), 90)).toBe(true);
    expect(runsInto(next, at('17:00'), 91)).toBe(true);
  });
  it('does not when the stay ends by then, or when there is no next booking', () => {
    expect(runsInto(next, at('17:00'), 90)).toBe(false);
    expect(runsInto(next, at('16:00'), 60)).toBe(false);
    expect(runsInto(null, at('18:10'), 90)).toBe(false);
  });
});

describe("a party's label", () => {
  it('reads a phone booking not yet arrived as booked (予約), never as a QR check-in', () => {
    expect(partyLabel({ status: 'guest', origin: 'web', seatedAt: null, walkInBy: null })).toBe('booked');
    expect(partyLabel({ status: null, origin: 'web', seatedAt: null, walkInBy: null })).toBe('booked');
    expect(partyLabel({ status: 'web', origin: 'web', seatedAt: null, walkInBy: null })).toBe('web');
  });
  it('reads a booking whose party sat down as arrived', () => {
    expect(partyLabel({ status: 'confirmed', origin: 'web', seatedAt: '2026-12-03T09:00:00.000Z', walkInBy: null })).toBe('arrived');
  });
  it('tells guests who checked in by the QR from a walk-in staff seated', () => {
    const seatedAt = '2026-12-03T09:00:00.000Z';
    expect(partyLabel({ status: 'guest', origin: 'walk_in', seatedAt, walkInBy: 'guest' })).toBe('qr');
    expect(partyLabel({ status: 'guest', origin: 'walk_in', seatedAt, walkInBy: 'staff' })).toBe('walk_in');
    // Rows projected before who seated a walk-in was kept: the spec's status, shown as QR.
    expect(partyLabel({ status: 'guest', origin: 'walk_in', seatedAt, walkInBy: null })).toBe('qr');
  });
  it('gives none for a party no longer on the floor', () => {
    for (const status of ['cancelled', 'no_show', 'exited'] as const) expect(partyLabel({ status, origin: 'web', seatedAt: null, walkInBy: null })).toBeNull();
  });
});

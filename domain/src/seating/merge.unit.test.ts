import { describe, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { SeatSpec } from './allocation';
import type { SeatingEvent } from './events';
import { seatingLedger, type SeatingCommand } from './decider';

const spec = deciderSpecification(seatingLedger);

// T1(2) - T2(2) adjoin (declared on T1 only: either side counts); C1(1) stands alone; T3(4) adjoins T2.
const seats: SeatSpec[] = [
  { id: 'T1', name: 'テーブル1', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['T2'] },
  { id: 'T2', name: 'テーブル2', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: [] },
  { id: 'T3', name: 'テーブル3', maxPeople: 4, holdMinutes: 90, adjacentSeatIds: ['T2'] },
  { id: 'C1', name: 'カウンター1', maxPeople: 1, holdMinutes: 60, adjacentSeatIds: [] },
];
const NOW = '2026-12-01T03:00:00.000Z';
const noon = 12 * 60;
const booked = (reservationId: string, seatIds: string[], start: number, end: number, people = 2): SeatingEvent => ({
  type: 'SeatsBooked',
  data: { reservationId, holdId: null, seatIds, people, startMinute: start, endMinute: end },
});
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;
const merge = (over: { hostId?: string; absorbedId?: string; people?: number } = {}) =>
  ({ type: 'MergeBookings', hostId: 'host', absorbedId: 'other', seats, now: NOW, ...over }) as const;
const merged: SeatingEvent = {
  type: 'BookingsMerged',
  data: {
    hostId: 'host',
    absorbedId: 'other',
    host: { seatIds: ['T2', 'T1'], people: 3, startMinute: noon, endMinute: noon + 120 },
    before: {
      host: { seatIds: ['T2'], people: 2, startMinute: noon, endMinute: noon + 90 },
      absorbed: { seatIds: ['T1'], people: 1, startMinute: noon + 30, endMinute: noon + 120 },
    },
  },
};
const twoParties = [booked('host', ['T2'], noon, noon + 90), booked('other', ['T1'], noon + 30, noon + 120, 1)];

describe('seating ledger: merged parties (decision 370)', () => {
  describe('given two parties at adjoining seats', () => {
    it('joins their seats for both stays under the host, keeping both as they were for the undo', () => {
      spec.given(twoParties).when(merge()).then([merged]);
    });
    it('appends nothing for a resent merge', () => {
      spec
        .given([...twoParties, merged])
        .when(merge())
        .thenNothingHappens();
    });
    it('books the joined seats without overlap: a later booking at the other seat within the joined stay is refused', () => {
      spec
        .given([booked('host', ['T2'], noon, noon + 90), booked('other', ['T1'], noon - 30, noon + 30, 1), booked('later', ['T1'], noon + 60, noon + 120, 1)])
        .when(merge())
        .thenThrows(code('overlap'));
    });
    it('refuses a joined party the seats cannot hold (the capacity rule)', () => {
      spec.given(twoParties).when(merge({ people: 5 })).thenThrows(code('over_capacity'));
    });
    it('frees the other booking: the host holds both seats', () => {
      // A walk-in at T1 during the joined stay is refused; it was the other party's seat.
      spec
        .given([...twoParties, merged])
        .when({ type: 'BookSeatsAt', reservationId: 'w', seatIds: ['T1'], people: 1, startMinute: noon + 100, endMinute: noon + 110, seats, now: NOW })
        .thenThrows(code('overlap'));
    });
  });

  describe('given parties whose seats do not adjoin', () => {
    it('refuses the merge as not adjoining', () => {
      spec
        .given([booked('host', ['T1'], noon, noon + 90), booked('other', ['C1'], noon, noon + 60, 1)])
        .when(merge())
        .thenThrows(code('not_adjoining'));
    });
    it('refuses a party that is not on the day', () => {
      spec
        .given([booked('host', ['T1'], noon, noon + 90)])
        .when(merge())
        .thenThrows(code('booking_not_found'));
    });
  });

  describe('given a merge', () => {
    const split: SeatingEvent = {
      type: 'BookingsSplit',
      data: {
        hostId: 'host',
        absorbedId: 'other',
        host: { seatIds: ['T2'], people: 2, startMinute: noon, endMinute: noon + 90 },
        absorbed: { seatIds: ['T1'], people: 1, startMinute: noon + 30, endMinute: noon + 120 },
      },
    };
    const walkInAtT2: SeatingCommand = { type: 'BookSeatsAt', reservationId: 'w', seatIds: ['T2'], people: 1, startMinute: noon + 95, endMinute: noon + 110, seats, now: NOW };
    it('splits both bookings back as they were', () => {
      spec
        .given([...twoParties, merged])
        .when({ type: 'SplitBookings', hostId: 'host', absorbedId: 'other' })
        .then([split]);
    });
    it('after the split, the host holds its own seat for its own stay again, and a resent undo appends nothing', () => {
      spec.given([...twoParties, merged]).when(walkInAtT2).thenThrows(code('overlap'));
      spec
        .given([...twoParties, merged, split])
        .when(walkInAtT2)
        .then([{ type: 'SeatsBooked', data: { reservationId: 'w', holdId: null, seatIds: ['T2'], people: 1, startMinute: noon + 95, endMinute: noon + 110 } }]);
      spec
        .given([...twoParties, merged, split])
        .when({ type: 'SplitBookings', hostId: 'host', absorbedId: 'other' })
        .thenNothingHappens();
    });
    it('refuses to undo a merge that is not there', () => {
      spec.given([booked('host', ['T2'], noon, noon + 90)]).when({ type: 'SplitBookings', hostId: 'host', absorbedId: 'other' }).thenThrows(code('not_merged'));
    });
  });
});

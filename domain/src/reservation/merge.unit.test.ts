import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { ReservationEvent } from './events';
import { reservationDecider } from './decider';
import type { MergeCandidate } from './merge';
import { sampleRequest } from '../testing/reservation-catalog';

const spec = deciderSpecification(reservationDecider);
const NOW = '2026-12-20T03:30:00.000Z';
const walkIn = (reservationId: string, seatId: string, people: number, storeId = 'store-1'): ReservationEvent => ({
  type: 'WalkInSeated',
  data: { reservationId, storeId, date: '2026-12-20', time: '12:00', people, seatIds: [seatId], seatedAt: '2026-12-20T03:00:00.000Z', seatName: null },
});
const host = walkIn('host', 'T1', 2);
const other: MergeCandidate = { reservationId: 'other', storeId: 'store-1', date: '2026-12-20', seatIds: ['T2'], people: 3 };
const mergeParty = { type: 'MergeParty', absorbed: other, seatLabel: 'テーブル1・テーブル2', now: NOW } as const;
const partyMerged: ReservationEvent = {
  type: 'PartyMerged',
  data: {
    absorbedId: 'other',
    absorbed: { seatIds: ['T2'], people: 3 },
    before: { seatIds: ['T1'], people: 2 },
    seatIds: ['T1', 'T2'],
    people: 5,
    seatLabel: 'テーブル1・テーブル2',
    mergedAt: NOW,
    date: '2026-12-20',
  },
};
const checkedOut: ReservationEvent = {
  type: 'CheckedOut',
  data: { payment: null, exitedAt: NOW, actualDurationMinutes: 30, date: '2026-12-20' },
};
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

describe('reservation: merged parties (decision 370)', () => {
  describe('on the host', () => {
    it('takes the other party in: its seats and people are the host’s, kept apart for the undo', () => {
      spec.given([host]).when(mergeParty).then([partyMerged]);
    });
    it('takes the joined party size staff give when the party grew', () => {
      spec
        .given([host])
        .when({ ...mergeParty, people: 6 })
        .then([{ ...partyMerged, data: { ...partyMerged.data, people: 6 } } as ReservationEvent]);
    });
    it('appends nothing for a resent merge', () => {
      spec.given([host, partyMerged]).when(mergeParty).thenNothingHappens();
    });
    it('refuses a party of another store, of another day, itself, or a host that paid', () => {
      spec
        .given([host])
        .when({ ...mergeParty, absorbed: { ...other, storeId: 'store-2' } })
        .thenThrows(code('different_stores'));
      spec
        .given([host])
        .when({ ...mergeParty, absorbed: { ...other, date: '2026-12-21' } })
        .thenThrows(code('different_days'));
      spec
        .given([host])
        .when({ ...mergeParty, absorbed: { ...other, reservationId: 'host' } })
        .thenThrows(code('same_party'));
      spec.given([host, checkedOut]).when(mergeParty).thenThrows(code('checked_out'));
    });
    it('undoes the merge before checkout: its own seats and people again', () => {
      spec
        .given([host, partyMerged])
        .when({ type: 'UndoMerge', absorbedId: 'other', now: NOW })
        .then([{ type: 'PartyMergeUndone', data: { absorbedId: 'other', seatIds: ['T1'], people: 2, undoneAt: NOW, date: '2026-12-20' } }]);
    });
    it('refuses the undo after checkout, of a merge that is not there, and of an earlier merge before a later one', () => {
      spec.given([host, partyMerged, checkedOut]).when({ type: 'UndoMerge', absorbedId: 'other', now: NOW }).thenThrows(code('checked_out'));
      spec.given([host]).when({ type: 'UndoMerge', absorbedId: 'other', now: NOW }).thenThrows(code('not_merged'));
      const third: ReservationEvent = {
        type: 'PartyMerged',
        data: { ...partyMerged.data, absorbedId: 'third', absorbed: { seatIds: ['T3'], people: 1 }, before: { seatIds: ['T1', 'T2'], people: 5 } },
      } as ReservationEvent;
      spec.given([host, partyMerged, third]).when({ type: 'UndoMerge', absorbedId: 'other', now: NOW }).thenThrows(code('not_last_merge'));
    });
  });

  describe('on the party that joins', () => {
    const otherSeated = walkIn('other', 'T2', 3);
    const joined: ReservationEvent = { type: 'MergedIntoParty', data: { hostId: 'host', mergedAt: NOW, date: '2026-12-20' } };
    it('joins the host, once', () => {
      spec.given([otherSeated]).when({ type: 'JoinParty', hostId: 'host', storeId: 'store-1', now: NOW }).then([joined]);
      spec.given([otherSeated, joined]).when({ type: 'JoinParty', hostId: 'host', storeId: 'store-1', now: NOW }).thenNothingHappens();
    });
    it('refuses when it paid, joined another party already, or is of another store', () => {
      spec.given([otherSeated, checkedOut]).when({ type: 'JoinParty', hostId: 'host', storeId: 'store-1', now: NOW }).thenThrows(code('checked_out'));
      spec.given([otherSeated, joined]).when({ type: 'JoinParty', hostId: 'h2', storeId: 'store-1', now: NOW }).thenThrows(code('already_merged'));
      spec.given([otherSeated]).when({ type: 'JoinParty', hostId: 'host', storeId: 'store-2', now: NOW }).thenThrows(code('different_stores'));
    });
    it('leaves the host on the undo, once, and leaves with the host at checkout though it never sat down', () => {
      const left: ReservationEvent = { type: 'MergeUndone', data: { hostId: 'host', undoneAt: NOW, date: '2026-12-20' } };
      spec.given([otherSeated, joined]).when({ type: 'LeaveParty', hostId: 'host', now: NOW }).then([left]);
      spec.given([otherSeated, joined, left]).when({ type: 'LeaveParty', hostId: 'host', now: NOW }).thenNothingHappens();
      const booked: ReservationEvent[] = [
        {
          type: 'ReservationRequested',
          data: { ...sampleRequest({ reservationId: 'other', storeId: 'store-1', people: 3, seatIds: ['T2'] }), requestedAt: NOW },
        },
        { type: 'ReservationConfirmed', data: { tokenHash: 'x', confirmedAt: NOW, date: '2026-12-20' } },
      ];
      spec.given(booked).when({ type: 'CheckOut', payment: null, now: NOW }).thenThrows(code('not_seated'));
      const events = reservationDecider.decide(
        { type: 'CheckOut', payment: null, now: NOW },
        [...booked, joined].reduce(reservationDecider.evolve, reservationDecider.initialState()),
      );
      expect(events.map((e) => e.type)).toEqual(['CheckedOut']);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { foldStream } from '../command-handler';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { recordedEvent } from '../testing/recorded-event';
import { sampleRequest } from '../testing/reservation-catalog';
import type { ReservationEvent } from './events';
import { reservationDecider } from './decider';
import { INVITES_PER_HOUR, MAX_WAIVER_MINUTES, RENEWALS_PER_HOUR, locationCheckWaived, visitMinutes, visitTokenSeat, type WalkIn } from './visit';

/** The visit at the table (decision 038): walk-ins, arrivals, table-order tokens, waivers, status labels and checkout. */
const spec = deciderSpecification(reservationDecider);
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

// 2026-12-20 12:00 in Tokyo is 03:00Z.
const request = sampleRequest({ storeId: 'store-1', date: '2026-12-20', time: '12:00', seatIds: ['T1'], people: 2 });
const booked: ReservationEvent[] = [
  { type: 'ReservationRequested', data: { ...request, requestedAt: '2026-12-01T01:00:00.000Z' } },
  { type: 'ConfirmationLinkIssued', data: { tokenHash: 'link', expiresAt: '2026-12-01T01:05:00.000Z' } },
  { type: 'ReservationConfirmed', data: { tokenHash: 'link', confirmedAt: '2026-12-01T01:02:00.000Z', date: '2026-12-20' } },
];
const AT_TABLE = '2026-12-20T03:05:00.000Z';
const NUMBER = { kind: 'number', number: request.reservationNumber! } as const;
const STAFF = { kind: 'staff' } as const;
const arrived: ReservationEvent[] = [
  ...booked,
  { type: 'CustomerArrived', data: { seatId: 'T1', people: 2, arrivedAt: AT_TABLE, date: '2026-12-20', seatName: 'テーブル1' } },
  { type: 'VisitTokenIssued', data: { tokenHash: 'device-1', seatId: 'T1', issuedAt: AT_TABLE, validUntil: null, replaces: null } },
];
const walkIn: WalkIn = { reservationId: 'r-walk', storeId: 'store-1', date: '2026-12-20', time: '15:10', people: 3, seatIds: ['T3'], seatName: 'テーブル3' };
const SEATED = '2026-12-20T06:10:00.000Z';
const walkedIn: ReservationEvent[] = [
  { type: 'WalkInSeated', data: { ...walkIn, seatName: 'テーブル3', seatedAt: SEATED } },
  { type: 'VisitTokenIssued', data: { tokenHash: 'device-w', seatId: 'T3', issuedAt: SEATED, validUntil: null, replaces: null } },
];

describe('the visit at the table', () => {
  describe('when nothing exists', () => {
    it('a QR walk-in starts a reservation of its own with a token for the device', () => {
      spec.given([]).when({ type: 'SeatWalkIn', walkIn, tokenHash: 'device-w', now: SEATED }).then(walkedIn);
    });
    it('a token issued without a location check carries the waiver’s end', () => {
      spec
        .given(walkedIn)
        .when({ type: 'IssueVisitToken', seatId: 'T3', replaces: 'device-w', tokenHash: 'd2', validUntil: '2026-12-20T06:25:00.000Z', now: SEATED })
        .then([
          { type: 'VisitTokenIssued', data: { tokenHash: 'd2', seatId: 'T3', issuedAt: SEATED, validUntil: '2026-12-20T06:25:00.000Z', replaces: 'device-w' } },
        ]);
    });
    it('refuses visit commands on an unknown reservation', () => {
      spec.given([]).when({ type: 'CheckOut', payment: null, now: SEATED }).thenThrows(code('not_found'));
      spec.given([]).when({ type: 'ChangeStatus', to: 'confirmed', now: SEATED }).thenThrows(code('not_found'));
    });
  });

  describe('when booked and confirmed', () => {
    it('records the arrival once, with a token for the first device', () => {
      spec
        .given(booked)
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, seatName: 'テーブル1', proof: NUMBER, tokenHash: 'device-1', now: AT_TABLE })
        .then(arrived.slice(3));
    });
    it('gives a second device only a token', () => {
      spec
        .given(arrived)
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, proof: STAFF, tokenHash: 'device-2', now: '2026-12-20T03:07:00.000Z' })
        .then([
          { type: 'VisitTokenIssued', data: { tokenHash: 'device-2', seatId: 'T1', issuedAt: '2026-12-20T03:07:00.000Z', validUntil: null, replaces: null } },
        ]);
    });
    it('refuses a check-in at a seat that is not the reservation’s', () => {
      spec.given(booked).when({ type: 'RecordArrival', seatId: 'T2', people: 2, proof: NUMBER, tokenHash: 'd', now: AT_TABLE }).thenThrows(code('wrong_seat'));
    });
    it('waives the location check for the granted minutes', () => {
      spec
        .given(arrived)
        .when({ type: 'WaiveLocationCheck', minutes: 15, now: AT_TABLE })
        .then([{ type: 'LocationCheckWaived', data: { minutes: 15, until: '2026-12-20T03:20:00.000Z', grantedAt: AT_TABLE } }]);
    });
    it('sets a status label, and refuses cancelled and exited as labels', () => {
      spec
        .given(booked)
        .when({ type: 'ChangeStatus', to: null, now: AT_TABLE })
        .then([{ type: 'StatusChanged', data: { from: 'web', to: null, changedAt: AT_TABLE, date: '2026-12-20' } }]);
      spec.given(booked).when({ type: 'ChangeStatus', to: 'web', now: AT_TABLE }).thenNothingHappens();
      spec.given(booked).when({ type: 'ChangeStatus', to: 'exited', now: AT_TABLE }).thenThrows(code('status_needs_command'));
      spec.given(booked).when({ type: 'ChangeStatus', to: 'cancelled', now: AT_TABLE }).thenThrows(code('status_needs_command'));
    });
    it('checks out with the payment and the minutes since the guests sat down', () => {
      const payment = { method: 'cash' as const, subtotal: 1000, tax: 100, total: 1100, orderIds: ['o1'] };
      spec
        .given(arrived)
        .when({ type: 'CheckOut', payment, now: '2026-12-20T04:20:00.000Z' })
        .then([{ type: 'CheckedOut', data: { payment, exitedAt: '2026-12-20T04:20:00.000Z', actualDurationMinutes: 75, date: '2026-12-20' } }]);
    });
  });

  describe('joining a booked party (decision 152)', () => {
    it('refuses a first phone that names no proof, and one with another booking’s number', () => {
      spec
        .given(booked)
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, proof: { kind: 'none' }, tokenHash: 'd', now: AT_TABLE })
        .thenThrows(code('reservation_number_required'));
      spec
        .given(booked)
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, proof: { kind: 'number', number: 'MC-0000-AA' }, tokenHash: 'd', now: AT_TABLE })
        .thenThrows(code('wrong_reservation_number'));
    });
    it('takes the number as guests type it (lower case, spaces, a long dash)', () => {
      spec
        .given(booked)
        .when({
          type: 'RecordArrival',
          seatId: 'T1',
          people: 2,
          seatName: 'テーブル1',
          proof: { kind: 'number', number: ' mc 4821－7k ' },
          tokenHash: 'device-1',
          now: AT_TABLE,
        })
        .then(arrived.slice(3));
    });
    it('once the party is seated, a phone needs an invite: even the right number opens nothing', () => {
      spec
        .given(arrived)
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, proof: NUMBER, tokenHash: 'd', now: AT_TABLE })
        .thenThrows(code('invite_required'));
      spec
        .given(walkedIn)
        .when({ type: 'RecordArrival', seatId: 'T3', people: 2, proof: { kind: 'none' }, tokenHash: 'd', now: SEATED })
        .thenThrows(code('invite_required'));
    });
    const INVITED = '2026-12-20T03:10:00.000Z';
    const invite: ReservationEvent = {
      type: 'VisitPassIssued',
      data: { passHash: 'invite-1', seatId: 'T1', by: 'guest', issuedAt: INVITED, expiresAt: '2026-12-20T03:20:00.000Z' },
    };
    it('a phone in the visit invites a friend; the invite gives one token, once, before it expires', () => {
      spec
        .given(arrived)
        .when({ type: 'IssueVisitPass', seatId: 'T1', pass: { passHash: 'invite-1', expiresAt: '2026-12-20T03:20:00.000Z' }, now: INVITED })
        .then([invite]);
      spec
        .given([...arrived, invite])
        .when({ type: 'JoinWithPass', passHash: 'invite-1', tokenHash: 'friend', now: '2026-12-20T03:12:00.000Z' })
        .then([
          { type: 'VisitPassUsed', data: { passHash: 'invite-1', usedAt: '2026-12-20T03:12:00.000Z' } },
          { type: 'VisitTokenIssued', data: { tokenHash: 'friend', seatId: 'T1', issuedAt: '2026-12-20T03:12:00.000Z', validUntil: null, replaces: null } },
        ]);
      const used: ReservationEvent = { type: 'VisitPassUsed', data: { passHash: 'invite-1', usedAt: '2026-12-20T03:12:00.000Z' } };
      spec
        .given([...arrived, invite, used])
        .when({ type: 'JoinWithPass', passHash: 'invite-1', tokenHash: 'again', now: '2026-12-20T03:13:00.000Z' })
        .thenThrows(code('pass_invalid'));
      spec
        .given([...arrived, invite])
        .when({ type: 'JoinWithPass', passHash: 'invite-1', tokenHash: 'late', now: '2026-12-20T03:20:00.000Z' })
        .thenThrows(code('pass_invalid'));
      spec
        .given([...arrived, invite])
        .when({ type: 'JoinWithPass', passHash: 'guessed', tokenHash: 'x', now: INVITED })
        .thenThrows(code('pass_invalid'));
    });
    const invitedAt = (minutes: number) => new Date(Date.parse(INVITED) + minutes * 60_000).toISOString();
    const invites = (count: number, from = 0): ReservationEvent[] =>
      Array.from({ length: count }, (_, i) => ({
        type: 'VisitPassIssued',
        data: { passHash: `invite-${from + i}`, seatId: 'T1', by: 'guest', issuedAt: invitedAt(from + i), expiresAt: invitedAt(from + i + 10) },
      }));
    const inviteAt = (minutes: number) =>
      ({ type: 'IssueVisitPass', seatId: 'T1', pass: { passHash: 'one-more', expiresAt: invitedAt(minutes + 10) }, now: invitedAt(minutes) }) as const;
    it(`a visit's phones invite at most ${INVITES_PER_HOUR} friends within an hour; staff's passes do not count`, () => {
      spec
        .given([...arrived, ...invites(INVITES_PER_HOUR)])
        .when(inviteAt(INVITES_PER_HOUR))
        .thenThrows(code('invite_limit'));
      spec
        .given([...arrived, ...invites(INVITES_PER_HOUR - 1)])
        .when(inviteAt(INVITES_PER_HOUR))
        .then([
          {
            type: 'VisitPassIssued',
            data: { passHash: 'one-more', seatId: 'T1', by: 'guest', issuedAt: invitedAt(INVITES_PER_HOUR), expiresAt: invitedAt(INVITES_PER_HOUR + 10) },
          },
        ]);
      const staffPass: ReservationEvent = {
        type: 'VisitPassIssued',
        data: { passHash: 'tablet', seatId: 'T1', by: 'staff', issuedAt: INVITED, expiresAt: invitedAt(10) },
      };
      spec
        .given([...arrived, staffPass, ...invites(INVITES_PER_HOUR - 1, 1)])
        .when(inviteAt(INVITES_PER_HOUR))
        .then([
          {
            type: 'VisitPassIssued',
            data: { passHash: 'one-more', seatId: 'T1', by: 'guest', issuedAt: invitedAt(INVITES_PER_HOUR), expiresAt: invitedAt(INVITES_PER_HOUR + 10) },
          },
        ]);
      // An hour after the first invite, one may be sent again.
      spec
        .given([...arrived, ...invites(INVITES_PER_HOUR)])
        .when(inviteAt(60))
        .then([{ type: 'VisitPassIssued', data: { passHash: 'one-more', seatId: 'T1', by: 'guest', issuedAt: invitedAt(60), expiresAt: invitedAt(70) } }]);
    });
  });

  describe('staff seating (decision 151)', () => {
    const pass = { passHash: 'tablet-1', expiresAt: '2026-12-20T03:15:00.000Z' };
    it('seats a booked party: its arrival and a one-time pass for the tablet, no token', () => {
      spec
        .given(booked)
        .when({ type: 'SeatBookedParty', seatId: 'T1', people: 2, seatName: 'テーブル1', pass, now: AT_TABLE })
        .then([
          arrived[3]!,
          { type: 'VisitPassIssued', data: { passHash: 'tablet-1', seatId: 'T1', by: 'staff', issuedAt: AT_TABLE, expiresAt: pass.expiresAt } },
        ]);
    });
    it('seats a walk-in with a pass instead of a token', () => {
      spec
        .given([])
        .when({ type: 'SeatWalkInByStaff', walkIn, pass, now: SEATED })
        .then([
          walkedIn[0]!,
          { type: 'VisitPassIssued', data: { passHash: 'tablet-1', seatId: 'T3', by: 'staff', issuedAt: SEATED, expiresAt: pass.expiresAt } },
        ]);
    });
    it('refuses a pass after checkout', () => {
      const out: ReservationEvent = { type: 'CheckedOut', data: { payment: null, exitedAt: AT_TABLE, actualDurationMinutes: 1, date: '2026-12-20' } };
      spec
        .given([...arrived, out])
        .when({ type: 'SeatBookedParty', seatId: 'T1', people: 2, pass, now: AT_TABLE })
        .thenThrows(code('visit_ended'));
    });
  });

  describe('renewing a token (decision 153)', () => {
    const renew = (replaces: string, tokenHash: string, now: string) => ({ type: 'IssueVisitToken' as const, seatId: 'T1', replaces, tokenHash, now });
    const renewed = (replaces: string, tokenHash: string, now: string): ReservationEvent => ({
      type: 'VisitTokenIssued',
      data: { tokenHash, seatId: 'T1', issuedAt: now, validUntil: null, replaces },
    });
    it('needs the device’s token: an unknown one renews nothing', () => {
      spec
        .given(arrived)
        .when(renew('someone-else', 'n', AT_TABLE))
        .thenThrows(code('invalid_token'));
    });
    it('the new token replaces the old one, which dies', () => {
      const state = foldStream(
        reservationDecider,
        [...arrived, renewed('device-1', 'device-1b', AT_TABLE)].map((e, i) => recordedEvent(e, { position: i + 1, revision: i })),
      );
      expect(visitTokenSeat(state, 'device-1', AT_TABLE)).toBeNull();
      expect(visitTokenSeat(state, 'device-1b', AT_TABLE)).toBe('T1');
      spec
        .given([...arrived, renewed('device-1', 'device-1b', AT_TABLE)])
        .when(renew('device-1', 'x', AT_TABLE))
        .thenThrows(code('invalid_token'));
    });
    it(`allows ${RENEWALS_PER_HOUR} renewals of a device’s token within an hour, then refuses until the hour has passed`, () => {
      const at = (minute: number) => new Date(Date.parse(AT_TABLE) + minute * 60_000).toISOString();
      const chain = [...arrived, renewed('device-1', 'r1', at(1)), renewed('r1', 'r2', at(2)), renewed('r2', 'r3', at(3))];
      spec
        .given(chain)
        .when(renew('r3', 'r4', at(4)))
        .thenThrows(code('renewal_limit'));
      spec
        .given(chain)
        .when(renew('r3', 'r4', at(61)))
        .then([renewed('r3', 'r4', at(61))]);
    });
  });

  describe('waiving the location check (decision 151)', () => {
    it(`is capped at ${MAX_WAIVER_MINUTES} minutes`, () => {
      spec.given(arrived).when({ type: 'WaiveLocationCheck', minutes: 240, now: AT_TABLE }).thenThrows(code('waiver_too_long'));
      spec.given(arrived).when({ type: 'WaiveLocationCheck', minutes: 16, now: AT_TABLE }).thenThrows(code('waiver_too_long'));
      spec.given(arrived).when({ type: 'WaiveLocationCheck', minutes: 0, now: AT_TABLE }).thenThrows(code('waiver_too_long'));
    });
  });

  describe('when awaiting its confirmation link', () => {
    it('refuses a QR arrival until the link is opened', () => {
      spec
        .given(booked.slice(0, 2))
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, proof: NUMBER, tokenHash: 'd', now: AT_TABLE })
        .thenThrows(code('not_confirmed'));
    });
  });

  describe('when checked out', () => {
    const out: ReservationEvent[] = [
      ...arrived,
      { type: 'CheckedOut', data: { payment: null, exitedAt: '2026-12-20T04:00:00.000Z', actualDurationMinutes: 55, date: '2026-12-20' } },
    ];
    it('no token lives on and nothing more happens at the table', () => {
      const state = foldStream(
        reservationDecider,
        out.map((e, i) => recordedEvent(e, { position: i + 1, revision: i })),
      );
      expect(visitTokenSeat(state, 'device-1', '2026-12-20T04:01:00.000Z')).toBeNull();
      spec
        .given(out)
        .when({ type: 'IssueVisitToken', seatId: 'T1', replaces: 'device-1', tokenHash: 'd2', now: '2026-12-20T04:01:00.000Z' })
        .thenThrows(code('visit_ended'));
      spec.given(out).when({ type: 'CheckOut', payment: null, now: '2026-12-20T04:01:00.000Z' }).thenThrows(code('visit_ended'));
      spec.given(out).when({ type: 'ChangeStatus', to: 'confirmed', now: '2026-12-20T04:01:00.000Z' }).thenThrows(code('status_final'));
      spec
        .given(out)
        .when({ type: 'CancelReservation', proof: { kind: 'staff' }, reason: '', now: '2026-12-20T04:01:00.000Z' })
        .thenThrows(code('not_cancellable'));
    });
  });

  describe('checkout only of a visit that began (decision 156)', () => {
    it('refuses to check out a booked party that never sat down, on its day or before it', () => {
      spec.given(booked).when({ type: 'CheckOut', payment: null, now: '2026-12-19T03:00:00.000Z' }).thenThrows(code('not_seated'));
      spec.given(booked).when({ type: 'CheckOut', payment: null, now: '2026-12-20T05:00:00.000Z' }).thenThrows(code('not_seated'));
    });
    it('checks out a walk-in, seated when it checked in', () => {
      spec
        .given(walkedIn)
        .when({ type: 'CheckOut', payment: null, now: '2026-12-20T06:40:00.000Z' })
        .then([{ type: 'CheckedOut', data: { payment: null, exitedAt: '2026-12-20T06:40:00.000Z', actualDurationMinutes: 30, date: '2026-12-20' } }]);
    });
  });

  describe('a no-show (decision 156)', () => {
    const NO_SHOW_AT = '2026-12-20T03:30:00.000Z';
    const noShow: ReservationEvent[] = [...booked, { type: 'MarkedNoShow', data: { from: 'web', markedAt: NO_SHOW_AT, date: '2026-12-20' } }];
    it('is recorded once the booked time has come, for a party that never sat down', () => {
      spec.given(booked).when({ type: 'MarkNoShow', now: NO_SHOW_AT }).then(noShow.slice(3));
    });
    it('is refused before the booked time, for a party at the table, after checkout and for a request never confirmed', () => {
      spec.given(booked).when({ type: 'MarkNoShow', now: '2026-12-20T02:59:59.000Z' }).thenThrows(code('not_started'));
      spec.given(arrived).when({ type: 'MarkNoShow', now: NO_SHOW_AT }).thenThrows(code('already_seated'));
      spec.given(walkedIn).when({ type: 'MarkNoShow', now: '2026-12-20T07:00:00.000Z' }).thenThrows(code('already_seated'));
      spec.given(booked.slice(0, 2)).when({ type: 'MarkNoShow', now: NO_SHOW_AT }).thenThrows(code('not_confirmed'));
      spec.given(noShow).when({ type: 'MarkNoShow', now: NO_SHOW_AT }).thenThrows(code('visit_ended'));
    });
    it('ends the visit: no arrival, checkout, label, move or cancellation, and no label `no_show` without the command', () => {
      spec
        .given(noShow)
        .when({ type: 'RecordArrival', seatId: 'T1', people: 2, proof: STAFF, tokenHash: 'd', now: NO_SHOW_AT })
        .thenThrows(code('visit_ended'));
      spec.given(noShow).when({ type: 'CheckOut', payment: null, now: NO_SHOW_AT }).thenThrows(code('visit_ended'));
      spec.given(noShow).when({ type: 'ChangeStatus', to: 'confirmed', now: NO_SHOW_AT }).thenThrows(code('status_final'));
      spec
        .given(noShow)
        .when({ type: 'MoveReservation', seatIds: ['T2'], time: '13:00', now: NO_SHOW_AT })
        .thenThrows(code('not_cancellable'));
      spec
        .given(noShow)
        .when({ type: 'CancelReservation', proof: { kind: 'staff' }, reason: '', now: NO_SHOW_AT })
        .thenThrows(code('not_cancellable'));
      spec.given(booked).when({ type: 'ChangeStatus', to: 'no_show', now: NO_SHOW_AT }).thenThrows(code('status_needs_command'));
    });
    it('is reverted with a reason to the status it had, and only a no-show is', () => {
      const at = '2026-12-20T04:00:00.000Z';
      spec
        .given(noShow)
        .when({ type: 'RevertNoShow', reason: '連絡の行き違い', now: at })
        .then([{ type: 'NoShowReverted', data: { reason: '連絡の行き違い', to: 'web', revertedAt: at, date: '2026-12-20' } }]);
      spec.given(booked).when({ type: 'RevertNoShow', reason: 'x', now: at }).thenThrows(code('not_no_show'));
      spec.given([]).when({ type: 'RevertNoShow', reason: 'x', now: at }).thenThrows(code('not_found'));
      const back = foldStream(
        reservationDecider,
        [...noShow, { type: 'NoShowReverted', data: { reason: 'x', to: 'web', revertedAt: at, date: '2026-12-20' } } as ReservationEvent].map((e, i) =>
          recordedEvent(e, { position: i + 1, revision: i }),
        ),
      );
      expect(back.status === 'confirmed' && back.visit).toMatchObject({ floor: 'web', noShow: null });
    });
  });

  describe('admitting a phone’s orders (decision 155)', () => {
    const caps = { perVisitPerMinute: 3, perTokenPerMinute: 2 };
    const admitted = (orderId: string, tokenHash: string, at: string): ReservationEvent => ({
      type: 'OrderAdmitted',
      data: { orderId, tokenHash, admittedAt: at },
    });
    const t = (s: number) => new Date(Date.parse(AT_TABLE) + s * 1000).toISOString();
    it('admits orders up to the per-phone cap in a minute, then refuses that phone', () => {
      spec
        .given(arrived)
        .when({ type: 'AdmitOrder', orderId: 'o1', tokenHash: 'device-1', caps, now: t(1) })
        .then([admitted('o1', 'device-1', t(1))]);
      spec
        .given([...arrived, admitted('o1', 'device-1', t(1)), admitted('o2', 'device-1', t(2))])
        .when({ type: 'AdmitOrder', orderId: 'o3', tokenHash: 'device-1', caps, now: t(3) })
        .thenThrows(code('too_many_orders'));
    });
    it('refuses every phone of the visit at the visit’s cap, and admits again once a minute has passed', () => {
      const three = [...arrived, admitted('o1', 'device-1', t(1)), admitted('o2', 'device-2', t(2)), admitted('o3', 'device-3', t(3))];
      spec
        .given(three)
        .when({ type: 'AdmitOrder', orderId: 'o4', tokenHash: 'device-4', caps, now: t(4) })
        .thenThrows(code('too_many_orders'));
      spec
        .given(three)
        .when({ type: 'AdmitOrder', orderId: 'o4', tokenHash: 'device-1', caps, now: t(62) })
        .then([admitted('o4', 'device-1', t(62))]);
    });
    it('admits a resent order once, and none after the visit ended', () => {
      spec
        .given([...arrived, admitted('o1', 'device-1', t(1)), admitted('o2', 'device-1', t(2))])
        .when({ type: 'AdmitOrder', orderId: 'o1', tokenHash: 'device-1', caps, now: t(3) })
        .thenNothingHappens();
      const out: ReservationEvent[] = [
        ...arrived,
        { type: 'CheckedOut', data: { payment: null, exitedAt: t(5), actualDurationMinutes: 1, date: '2026-12-20' } },
      ];
      spec
        .given(out)
        .when({ type: 'AdmitOrder', orderId: 'o9', tokenHash: 'device-1', caps, now: t(6) })
        .thenThrows(code('visit_ended'));
    });
  });

  describe('reading the state', () => {
    const fold = (events: ReservationEvent[]) =>
      foldStream(
        reservationDecider,
        events.map((e, i) => recordedEvent(e, { position: i + 1, revision: i })),
      );
    it('knows which seat a live token belongs to', () => {
      expect(visitTokenSeat(fold(walkedIn), 'device-w', SEATED)).toBe('T3');
      expect(visitTokenSeat(fold(walkedIn), 'someone-else', SEATED)).toBeNull();
    });
    it('a token issued under a waiver dies with it; one issued after a location check lives until checkout', () => {
      const waived = fold([
        ...arrived,
        {
          type: 'VisitTokenIssued',
          data: { tokenHash: 'no-location', seatId: 'T1', issuedAt: AT_TABLE, validUntil: '2026-12-20T03:20:00.000Z', replaces: null },
        },
      ]);
      expect(visitTokenSeat(waived, 'no-location', '2026-12-20T03:19:59.000Z')).toBe('T1');
      expect(visitTokenSeat(waived, 'no-location', '2026-12-20T03:20:00.000Z')).toBeNull();
      expect(visitTokenSeat(waived, 'device-1', '2026-12-20T09:00:00.000Z')).toBe('T1');
    });
    it('a waiver holds until its end and not after', () => {
      const waived = fold([...arrived, { type: 'LocationCheckWaived', data: { minutes: 15, until: '2026-12-20T03:20:00.000Z', grantedAt: AT_TABLE } }]);
      expect(locationCheckWaived(waived, '2026-12-20T03:19:59.000Z')).toBe(true);
      expect(locationCheckWaived(waived, '2026-12-20T03:20:00.000Z')).toBe(false);
    });
    it('counts a visit from the booked time when nobody checked in, and at least one minute', () => {
      expect(visitMinutes({ date: '2026-12-20', time: '12:00' }, null, '2026-12-20T04:30:00.000Z')).toBe(90);
      expect(visitMinutes({ date: '2026-12-20', time: '12:00' }, SEATED, SEATED)).toBe(1);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { foldStream } from '../command-handler';
import { recordedEvent } from '../testing/recorded-event';
import { parseReservationEvent, type ReservationEvent } from './events';
import { reservationDecider } from './decider';
import { sampleRequest } from '../testing/reservation-catalog';

const spec = deciderSpecification(reservationDecider);
const NOW = '2026-12-01T01:00:00.000Z';
const request = sampleRequest({ storeId: 'store-1', customer: { name: '山田花子', email: 'Hanako@example.jp', phone: '090-1234-5678' } });
const requested: ReservationEvent[] = [
  { type: 'ReservationRequested', data: { ...request, requestedAt: NOW } },
  { type: 'ConfirmationLinkIssued', data: { tokenHash: 'hash-1', expiresAt: '2026-12-01T01:05:00.000Z' } },
];
const confirmed: ReservationEvent = {
  type: 'ReservationConfirmed',
  data: { tokenHash: 'hash-1', confirmedAt: '2026-12-01T01:02:00.000Z', date: '2026-12-20' },
};
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

describe('reservation', () => {
  describe('when nothing exists', () => {
    it('records the request and a confirmation valid five minutes', () => {
      spec.given([]).when({ type: 'RequestReservation', request, tokenHash: 'hash-1', now: NOW }).then(requested);
    });
    it('answers an unknown id as not found, for confirm and cancel alike', () => {
      spec.given([]).when({ type: 'ConfirmReservation', tokenHash: 'hash-1', now: NOW }).thenThrows(code('not_found'));
      spec
        .given([])
        .when({ type: 'CancelReservation', proof: { kind: 'email', email: 'hanako@example.jp' }, reason: '', now: NOW })
        .thenThrows(code('not_found'));
    });
  });

  describe('when awaiting confirmation', () => {
    it('confirms with the right token inside five minutes', () => {
      spec.given(requested).when({ type: 'ConfirmReservation', tokenHash: 'hash-1', now: '2026-12-01T01:02:00.000Z' }).then([confirmed]);
    });
    it('refuses a link five minutes old or older as expired', () => {
      spec.given(requested).when({ type: 'ConfirmReservation', tokenHash: 'hash-1', now: '2026-12-01T01:05:00.000Z' }).thenThrows(code('token_expired'));
    });
    it('refuses a wrong token', () => {
      spec.given(requested).when({ type: 'ConfirmReservation', tokenHash: 'other', now: NOW }).thenThrows(code('invalid_token'));
    });
    it('refuses a second request with the same id', () => {
      spec.given(requested).when({ type: 'RequestReservation', request, tokenHash: 'x', now: NOW }).thenThrows(code('already_exists'));
    });
  });

  describe('when confirmed', () => {
    it('never confirms twice with the used link', () => {
      spec
        .given([...requested, confirmed])
        .when({ type: 'ConfirmReservation', tokenHash: 'hash-1', now: NOW })
        .thenThrows(code('already_confirmed'));
    });
    it('cancels for the customer whose e-mail matches, ignoring case and spaces', () => {
      spec
        .given([...requested, confirmed])
        .when({ type: 'CancelReservation', proof: { kind: 'email', email: ' hanako@EXAMPLE.jp ' }, reason: '予定が変わった', now: NOW })
        .then([{ type: 'ReservationCancelled', data: { by: 'customer', reason: '予定が変わった', cancelledAt: NOW, date: '2026-12-20' } }]);
    });
    it('answers a wrong e-mail exactly as an unknown id', () => {
      spec
        .given([...requested, confirmed])
        .when({ type: 'CancelReservation', proof: { kind: 'email', email: 'someone@example.jp' }, reason: '', now: NOW })
        .thenThrows(code('not_found'));
    });
  });

  describe('when cancelled', () => {
    const cancelled: ReservationEvent = { type: 'ReservationCancelled', data: { by: 'customer', reason: '', cancelledAt: NOW, date: '2026-12-20' } };
    it('cannot be cancelled again nor confirmed: its own link says it was cancelled, another link is invalid', () => {
      spec
        .given([...requested, cancelled])
        .when({ type: 'CancelReservation', proof: { kind: 'email', email: 'hanako@example.jp' }, reason: '', now: NOW })
        .thenThrows(code('not_cancellable'));
      spec
        .given([...requested, cancelled])
        .when({ type: 'ConfirmReservation', tokenHash: 'hash-1', now: NOW })
        .thenThrows(code('cancelled'));
      spec
        .given([...requested, cancelled])
        .when({ type: 'ConfirmReservation', tokenHash: 'hash-2', now: NOW })
        .thenThrows(code('invalid_token'));
    });
  });
});

describe('events stored before the rename', () => {
  it('a ConfirmationMailSent is read as ConfirmationLinkIssued, so the stream folds and confirms as before', () => {
    const old = [
      recordedEvent({ type: 'ReservationRequested', data: { ...request, requestedAt: NOW } }, { position: 1 }),
      recordedEvent({ type: 'ConfirmationMailSent', data: { tokenHash: 'hash-1', expiresAt: '2026-12-01T01:05:00.000Z' } }, { position: 2, revision: 1 }),
    ];
    expect(parseReservationEvent(old[1]!)).toEqual({ type: 'ConfirmationLinkIssued', data: { tokenHash: 'hash-1', expiresAt: '2026-12-01T01:05:00.000Z' } });
    const state = foldStream(reservationDecider, old);
    expect(state).toMatchObject({ status: 'awaiting_confirmation', tokenHash: 'hash-1', expiresAt: '2026-12-01T01:05:00.000Z' });
    expect(reservationDecider.decide({ type: 'ConfirmReservation', tokenHash: 'hash-1', now: '2026-12-01T01:02:00.000Z' }, state)).toEqual([confirmed]);
  });
});

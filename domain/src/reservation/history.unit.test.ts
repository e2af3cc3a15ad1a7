import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports';
import { reservationHistory } from './history';

let position = 0;
const recorded = (type: string, data: unknown, actor = 'customer'): RecordedEvent => ({
  eventId: `e${position}`,
  streamId: 'reservation-r1',
  revision: position,
  position: ++position,
  type,
  data,
  metadata: { correlationId: 'c', causationId: null, actor, storeId: '2' },
  recordedAt: new Date('2026-12-01T00:00:00Z'),
});

const request = {
  reservationId: 'r1',
  storeId: '2',
  date: '2026-12-01',
  time: '12:00',
  people: 2,
  seatIds: ['seat-t1'],
  holdId: 'h1',
  customer: { name: '山田花子', email: 'hanako@example.jp', phone: '090' },
  accountId: null,
  lines: [],
  detail: {},
  optionsPrice: 0,
  reservationNumber: null,
  requestedAt: '2026-11-30T01:00:00.000Z',
};

describe('a reservation’s history', () => {
  it('tells each fact with who and when, a move with where it was and where it went', () => {
    const history = reservationHistory([
      recorded('ReservationRequested', request),
      recorded('ConfirmationLinkIssued', { tokenHash: 'x', expiresAt: '2026-11-30T01:05:00.000Z' }),
      recorded('ReservationConfirmed', { tokenHash: 'x', confirmedAt: '2026-11-30T01:02:00.000Z', date: '2026-12-01' }),
      recorded('ReservationMoved', { seatIds: ['seat-t2'], time: '12:30', movedAt: '2026-12-01T02:00:00.000Z', date: '2026-12-01' }, 'admin-1'),
      recorded('ReservationMoved', { seatIds: ['seat-t3'], time: '13:00', movedAt: '2026-12-01T02:10:00.000Z', date: '2026-12-01', people: 3 }, 'monitor-1'),
      recorded('StatusChanged', { from: 'web', to: 'confirmed', changedAt: '2026-12-01T04:00:00.000Z', date: '2026-12-01' }, 'admin-1'),
      recorded('VisitTokenIssued', { tokenHash: 'y', seatId: 'seat-t3', issuedAt: '2026-12-01T04:00:00.000Z' }),
      recorded('CheckedOut', { payment: null, exitedAt: '2026-12-01T05:00:00.000Z', actualDurationMinutes: 60, date: '2026-12-01' }, 'admin-1'),
    ]);
    expect(history.map((h) => h.kind)).toEqual(['created', 'confirmed', 'moved', 'moved', 'status', 'checked_out']);
    expect(history[2]).toEqual({
      kind: 'moved',
      actor: 'admin-1',
      at: '2026-12-01T02:00:00.000Z',
      from: { date: '2026-12-01', time: '12:00', seatIds: ['seat-t1'], people: 2 },
      to: { date: '2026-12-01', time: '12:30', seatIds: ['seat-t2'], people: 2 },
    });
    expect(history[3]).toMatchObject({
      actor: 'monitor-1',
      from: { time: '12:30', seatIds: ['seat-t2'], people: 2 },
      to: { time: '13:00', seatIds: ['seat-t3'], people: 3 },
    });
    expect(history[4]).toMatchObject({ kind: 'status', from: 'web', to: 'confirmed', actor: 'admin-1' });
  });

  it('tells a cancellation by whom and why', () => {
    const history = reservationHistory([
      recorded('ReservationRequested', request),
      recorded('ReservationCancelled', { by: 'staff', reason: '電話でキャンセル', cancelledAt: '2026-11-30T03:00:00.000Z', date: '2026-12-01' }, 'admin-1'),
    ]);
    expect(history[1]).toEqual({ kind: 'cancelled', by: 'staff', reason: '電話でキャンセル', at: '2026-11-30T03:00:00.000Z', actor: 'admin-1' });
  });
});

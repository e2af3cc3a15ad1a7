import { describe, expect, it } from 'vitest';
import type { ReservationEvent } from '@moncafe/domain/reservation/events';
import type { DomainEvent } from '@moncafe/domain/ports';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { liveMessagesFor } from './messages';
import { sampleRequest } from '@moncafe/domain/testing/reservation-catalog';

const request = sampleRequest({ storeId: 's', lines: [] });
const at = '2026-12-01T00:00:00.000Z';
const recorded = (event: DomainEvent, streamId = 'reservation-r1') => recordedEvent(event, { streamId, position: 7 });

describe('live reservation updates', () => {
  it('a new, moved or cancelled reservation emits reservation-updated for the schedule and the reservation', () => {
    const events: [ReservationEvent, string][] = [
      [{ type: 'ReservationRequested', data: { ...request, requestedAt: at } }, 'created'],
      [{ type: 'ReservationMoved', data: { seatIds: ['T2'], time: '12:30', movedAt: at, date: '2026-12-20' } }, 'moved'],
      [{ type: 'ReservationCancelled', data: { by: 'customer', reason: '', cancelledAt: at, date: '2026-12-20' } }, 'cancelled'],
      [{ type: 'ReservationConfirmed', data: { tokenHash: 'h', confirmedAt: at, date: '2026-12-20' } }, 'confirmed'],
    ];
    for (const [event, action] of events) {
      const [message] = liveMessagesFor(recorded(event));
      expect(message).toEqual({
        event: 'reservation-updated',
        data: { reservation_id: 'r1', action, date: '2026-12-20' },
        topics: ['admin', 'schedule', 'reservation:r1'],
      });
    }
    expect(liveMessagesFor(recorded({ type: 'ConfirmationMailSent', data: { tokenHash: 'h', expiresAt: at } }))).toEqual([]);
    expect(liveMessagesFor(recorded({ type: 'SeatsHeld', data: {} }, 'seating-s~2026-12-20'))).toEqual([]);
  });

  it('a reservation event written before its date was recorded still updates, with no date', () => {
    const [message] = liveMessagesFor(recorded({ type: 'ReservationMoved', data: { seatIds: ['T2'], time: '12:30', movedAt: at } }));
    expect(message?.data).toEqual({ reservation_id: 'r1', action: 'moved', date: null });
  });
});

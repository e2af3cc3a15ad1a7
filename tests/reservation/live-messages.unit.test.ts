import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { liveMessagesFor } from '@moncafe/infra/live/messages';

const recorded = (type: string, data: unknown = {}, streamId = 'reservation-r1'): RecordedEvent => ({
  eventId: 'e',
  streamId,
  revision: 0,
  position: 7,
  type,
  data,
  metadata: { correlationId: 'c', causationId: null, actor: 'customer', storeId: 's' },
  recordedAt: new Date(0),
});

describe('live reservation updates', () => {
  it('a new, moved or cancelled reservation emits reservation-updated for the schedule and the reservation', () => {
    for (const [type, action] of [
      ['ReservationRequested', 'created'],
      ['ReservationMoved', 'moved'],
      ['ReservationCancelled', 'cancelled'],
      ['ReservationConfirmed', 'confirmed'],
    ] as const) {
      const [message] = liveMessagesFor(recorded(type, { date: '2026-12-20' }));
      expect(message).toEqual({
        event: 'reservation-updated',
        data: { reservation_id: 'r1', action, date: '2026-12-20' },
        topics: ['admin', 'schedule', 'reservation:r1'],
      });
    }
    expect(liveMessagesFor(recorded('ConfirmationMailSent'))).toEqual([]);
    expect(liveMessagesFor(recorded('SeatsHeld', {}, 'seating-s-2026-12-20'))).toEqual([]);
  });
});

import type { RecordedEvent } from '@moncafe/domain/ports';
import { fromStreamName, parseStaffCallEvent } from '@moncafe/domain/staff-call/events';
import type { LiveMessage } from './hub';

/**
 * A guest's 「スタッフを呼ぶ」 and its answer (decision 281): `staff-called` and `staff-call-answered`
 * go to the floor (admin topic) and the visit's own topic, so the guest's screen can say staff are coming.
 */
export function staffCallMessages(recorded: RecordedEvent): LiveMessage[] {
  const event = parseStaffCallEvent(recorded);
  const stream = fromStreamName(recorded.streamId);
  if (!event || !stream) return [];
  const id = stream.reservationId;
  const topics = ['admin', `reservation:${id}`];
  if (event.type === 'StaffCalled') {
    const d = event.data;
    const data = { reservation_id: id, call_id: d.callId, store_id: d.storeId, seat_id: d.seatId, seat_name: d.seatName, called_at: d.calledAt };
    return [{ event: 'staff-called', data, topics }];
  }
  const data = { reservation_id: id, call_id: event.data.callId, store_id: recorded.metadata.storeId, acknowledged_at: event.data.acknowledgedAt };
  return [{ event: 'staff-call-answered', data, topics }];
}

import { parseCatalogEvent } from '@moncafe/domain/catalog/events';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { fromStreamName, parseReservationEvent, type ReservationEvent } from '@moncafe/domain/reservation/events';
import type { LiveMapper, LiveMessage } from './hub';

/**
 * Which live message each event causes, by context. A context adds its mapper here when its
 * screens need live updates; topics say who may receive the message (see liveTopicRoles).
 */
const mappers: LiveMapper[] = [
  // Menus, seats, hours and cards change rarely; public screens refresh when they do.
  (recorded) => {
    const event = parseCatalogEvent(recorded);
    return event ? [{ event: 'catalog-updated', data: { kind: event.data.kind }, topics: ['catalog'] }] : [];
  },
  reservationUpdates,
];

const reservationActions: Partial<Record<ReservationEvent['type'], string>> = {
  ReservationRequested: 'created',
  ReservationConfirmed: 'confirmed',
  ReservationMoved: 'moved',
  ReservationCancelled: 'cancelled',
};

/** A new, confirmed, moved or cancelled reservation: the schedule screens and that reservation's own page refresh. */
function reservationUpdates(recorded: RecordedEvent): LiveMessage[] {
  const event = parseReservationEvent(recorded);
  const stream = fromStreamName(recorded.streamId);
  const action = event && reservationActions[event.type];
  if (!event || !stream || !action) return [];
  const id = stream.reservationId;
  const date = 'date' in event.data ? event.data.date : null;
  return [{ event: 'reservation-updated', data: { reservation_id: id, action, date }, topics: ['admin', 'schedule', `reservation:${id}`] }];
}

export function liveMessagesFor(event: RecordedEvent): LiveMessage[] {
  return mappers.flatMap((map) => map(event));
}

import type { RecordedEvent } from '@moncafe/domain/ports';
import type { LiveMapper, LiveMessage } from './hub';

/**
 * Which live message each event causes, by context. A context adds its mapper here when its
 * screens need live updates; topics say who may receive the message (see liveTopicRoles).
 */
const mappers: LiveMapper[] = [
  // Menus, seats, hours and cards change rarely; public screens refresh when they do.
  (event) =>
    event.streamId.startsWith('catalog-')
      ? [{ event: 'catalog-updated', data: { kind: (event.data as { kind?: string }).kind ?? null }, topics: ['catalog'] }]
      : [],
  reservationUpdates,
];

const reservationActions: Record<string, string> = {
  ReservationRequested: 'created',
  ReservationConfirmed: 'confirmed',
  ReservationMoved: 'moved',
  ReservationCancelled: 'cancelled',
};

/** A new, confirmed, moved or cancelled reservation: the schedule screens and that reservation's own page refresh. */
function reservationUpdates(event: RecordedEvent): LiveMessage[] {
  const action = reservationActions[event.type];
  if (!event.streamId.startsWith('reservation-') || !action) return [];
  const id = event.streamId.slice('reservation-'.length);
  const date = (event.data as { date?: string }).date ?? null;
  return [{ event: 'reservation-updated', data: { reservation_id: id, action, date }, topics: ['admin', 'schedule', `reservation:${id}`] }];
}

export function liveMessagesFor(event: RecordedEvent): LiveMessage[] {
  return mappers.flatMap((map) => map(event));
}

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
];

export function liveMessagesFor(event: RecordedEvent): LiveMessage[] {
  return mappers.flatMap((map) => map(event));
}

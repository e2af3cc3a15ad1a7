import type { Projector } from '../projector';
import { redactSecrets } from './redact';

/** Every event of the store, one row each, secrets removed (decision 140). */
export const eventHistoryProjector: Projector = {
  name: 'event-history',
  tables: ['event_history'],
  async apply(rows, event) {
    const metadata = event.metadata;
    await rows.table('event_history', 'event_id').append({
      event_id: event.eventId,
      position: event.position,
      stream_id: event.streamId,
      category: categoryOf(event.streamId),
      revision: event.revision,
      type: event.type,
      actor: metadata?.actor ?? 'unknown',
      correlation_id: metadata?.correlationId ?? '',
      causation_id: metadata?.causationId ?? null,
      store_id: metadata?.storeId ?? null,
      data: redactSecrets(event.data ?? null),
      recorded_at: event.recordedAt,
    });
  },
};

/** A stream's category: the name before its first `-` (domain/src/streams.ts). */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

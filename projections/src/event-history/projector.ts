import { sql } from 'kysely';
import { categoryOf } from '@moncafe/domain/streams';
import type { Projector } from '../projector';

/**
 * Every event of the store, one row each: where and when it was recorded, what it was and who
 * caused it (decisions 140, 144). Its data stays in the event store; the screen reads the shown
 * entries' data from there and removes secrets as it reads them.
 */
export const eventHistoryProjector: Projector = {
  name: 'event-history',
  tables: ['event_history'],
  async apply(rows, event) {
    const metadata = event.metadata;
    await rows.table('event_history', 'position').append({
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
      recorded_at: event.recordedAt,
    });
  },
  // The same row, made by PostgreSQL from the PostgreSQL store's own table. The recording time in
  // milliseconds, as the live projector has it from a JS Date: a rebuild equals the live table
  // (decision 199).
  insertFromEvents(events, first, last) {
    return sql`
      insert into event_history (event_id, position, stream_id, category, revision, type, actor, correlation_id, causation_id, store_id, recorded_at)
      select event_id::text, position, stream_id, split_part(stream_id, '-', 1), revision, type,
             coalesce(metadata ->> 'actor', 'unknown'), coalesce(metadata ->> 'correlationId', ''),
             metadata ->> 'causationId', metadata ->> 'storeId', date_trunc('milliseconds', recorded_at)
        from ${sql.table(events)}
       where position between ${first} and ${last}`;
  },
};

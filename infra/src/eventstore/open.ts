import type pg from 'pg';
import type { EventStore } from '@moncafe/domain/ports';
import { createPostgresEventStore } from './postgres';

/**
 * The configured event store: KurrentDB when EVENTSTORE_URL is given, else the `events` table
 * in the system's own PostgreSQL. Only a real server listens and announces: PGlite is one
 * session, and all its writers are in this process anyway. The KurrentDB client (gRPC, ~35 MiB
 * and a second of loading) is imported only when it is configured.
 */
export async function openEventStore(options: { eventStoreUrl?: string | undefined; pool: pg.Pool; kind: 'pg' | 'pglite' }): Promise<EventStore> {
  if (options.eventStoreUrl) {
    const { createKurrentDbEventStore } = await import('./kurrentdb');
    return createKurrentDbEventStore(options.eventStoreUrl);
  }
  return createPostgresEventStore(options.pool, { listen: options.kind === 'pg', notify: options.kind === 'pg' });
}

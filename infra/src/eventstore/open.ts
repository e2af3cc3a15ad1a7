import type pg from 'pg';
import type { EventStore } from '@moncafe/domain/ports';
import { createKurrentDbEventStore } from './kurrentdb';
import { createPostgresEventStore } from './postgres';

/**
 * The configured event store: KurrentDB when EVENTSTORE_URL is given, else the `events` table
 * in the system's own PostgreSQL. Only a real server listens and announces: PGlite is one
 * session, and all its writers are in this process anyway.
 */
export function openEventStore(options: { eventStoreUrl?: string | undefined; pool: pg.Pool; kind: 'pg' | 'pglite' }): EventStore {
  if (options.eventStoreUrl) return createKurrentDbEventStore(options.eventStoreUrl);
  return createPostgresEventStore(options.pool, { listen: options.kind === 'pg', notify: options.kind === 'pg' });
}

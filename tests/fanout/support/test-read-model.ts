import { sql, type Kysely } from 'kysely';
import type { Projector, ReadModelMigrations } from '@moncafe/projections/projector';

/**
 * A small read model of the fan-out tests, loud about every fault it exists to catch: an
 * event applied twice breaks the primary key of `fanout_log`, an event applied out of stream
 * order throws, and the digest of each stream depends on the exact sequence applied.
 */
export const testReadModelMigrations: ReadModelMigrations = {
  '2026-11-22T09-00-fanout-test-read-model': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('fanout_log')
        .addColumn('position', 'bigint', (c) => c.primaryKey())
        .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('fanout_streams')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('events', 'integer', (c) => c.notNull())
        .addColumn('last_revision', 'integer', (c) => c.notNull())
        .addColumn('digest', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('fanout_counts')
        .addColumn('projector', 'text', (c) => c.primaryKey())
        .addColumn('events', 'integer', (c) => c.notNull())
        .addColumn('position_sum', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};

export function testProjector(name = 'fanout-test'): Projector {
  return {
    name,
    // The test tables are not part of the product's Database type.
    tables: ['fanout_log', 'fanout_streams'] as unknown as Projector['tables'],
    async apply(rows, event) {
      // Per-event SQL with reads and increments: the row operations cannot express it.
      const trx = await rows.transaction();
      await sql`insert into fanout_log (position, event_id, stream_id, type) values (${event.position}, ${event.eventId}, ${event.streamId}, ${event.type})`.execute(
        trx,
      );
      const { rows: streams } = await sql<{ last_revision: number }>`select last_revision from fanout_streams where stream_id = ${event.streamId}`.execute(trx);
      const last = streams[0]?.last_revision ?? -1;
      if (event.revision !== last + 1) throw new Error(`${event.streamId}: revision ${event.revision} applied after ${last}`);
      await sql`
        insert into fanout_streams (stream_id, events, last_revision, digest)
        values (${event.streamId}, 1, ${event.revision}, md5(${event.eventId}))
        on conflict (stream_id) do update set
          events = fanout_streams.events + 1,
          last_revision = excluded.last_revision,
          digest = md5(fanout_streams.digest || ${event.eventId})`.execute(trx);
    },
  };
}

/**
 * A read model with nothing in it that refuses a repeat (no key per event): only the runner's
 * checkpoint lock stops a second application from counting twice.
 */
export function countingProjector(name = 'fanout-count'): Projector {
  return {
    name,
    tables: ['fanout_counts'] as unknown as Projector['tables'],
    async apply(rows, event) {
      const trx = await rows.transaction();
      await sql`
        insert into fanout_counts (projector, events, position_sum) values (${name}, 1, ${event.position})
        on conflict (projector) do update set
          events = fanout_counts.events + 1,
          position_sum = fanout_counts.position_sum + excluded.position_sum`.execute(trx);
    },
  };
}

/** Every row of the test read model, in a stable order, for comparing two databases. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function dumpTestReadModel(db: Kysely<any>) {
  const log = await sql`select position, event_id, stream_id, type from fanout_log order by position`.execute(db);
  const streams = await sql`select stream_id, events, last_revision, digest from fanout_streams order by stream_id`.execute(db);
  const counts = await sql`select projector, events, position_sum from fanout_counts order by projector`.execute(db);
  return { log: log.rows, streams: streams.rows, counts: counts.rows };
}

interface Tally {
  projector: string;
  events: number | null;
  position_sum: number;
}

/**
 * A read model kept with the row operations alone (a read, then a put: what the product's
 * projectors do): counting an event twice, or from a row another runner has since moved, shows.
 * `copies` keeps in its own row the count of another tally's row as this batch sees it; `failAt`
 * writes a row PostgreSQL refuses (events not null) for that event.
 */
export function tallyProjector(name: string, options: { copies?: string; failAt?: number } = {}): Projector {
  return {
    name,
    tables: ['fanout_counts'] as unknown as Projector['tables'],
    async apply(rows, event) {
      // The test table is not part of the product's Database type.
      const counts = rows.table('fanout_counts' as never, 'projector' as never) as unknown as {
        get(key: string): Promise<Tally | undefined>;
        put(row: Tally): Promise<void>;
      };
      if (options.copies) {
        const seen = await counts.get(options.copies);
        await counts.put({ projector: name, events: seen?.events ?? 0, position_sum: 0 });
        return;
      }
      const now = await counts.get(name);
      await counts.put({
        projector: name,
        events: event.position === options.failAt ? null : (now?.events ?? 0) + 1,
        position_sum: Number(now?.position_sum ?? 0) + event.position,
      });
    },
  };
}

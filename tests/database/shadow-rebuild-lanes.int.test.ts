import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@moncafe/domain/ports';
import { createPostgresEventStore, eventsTableOf } from '@moncafe/infra/eventstore/postgres';
import { rebuildInShadow, SHADOW_SCHEMA } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Projector } from '@moncafe/projections/projector';
import { freshDatabase, type TestDatabase } from '../fanout/support/database';
import { writeEvents } from '../fanout/support/events';
import { postgresUrl } from '../support/services';

const serverUrl = await postgresUrl();

/** A row per event, appended (a rebuild on a PostgreSQL server writes these with COPY): the history's shape. */
const logProjector: Projector = {
  name: 'lanes-log',
  tables: ['fanout_log'] as unknown as Projector['tables'],
  async apply(rows, event) {
    await rows
      .table('fanout_log' as never, 'event_id' as never)
      .append({ position: event.position, event_id: event.eventId, stream_id: event.streamId, type: event.type } as never);
  },
};

/** Replays in the other lane and fails at the given position. */
function failingAt(position: number): Projector {
  return {
    name: 'lanes-failing',
    tables: ['fanout_counts'] as unknown as Projector['tables'],
    handles: () => true,
    async apply(_rows, event) {
      if (event.position >= position) throw new Error(`failed at ${event.position}`);
    },
  };
}

/**
 * Counts each stream's events from the row its previous event left, loudly: on a server, that row
 * was often written by the previous page, whose message may still be running when this page is
 * applied (decision 144).
 */
const streamCounter: Projector = {
  name: 'lanes-streams',
  tables: ['fanout_streams'] as unknown as Projector['tables'],
  handles: () => true,
  async apply(rows, event) {
    const table = rows.table('fanout_streams' as never, 'stream_id' as never);
    const row = (await table.get(event.streamId)) as { events: number; digest: string } | undefined;
    if ((row?.events ?? 0) !== event.revision) throw new Error(`${event.streamId}: ${row?.events ?? 0} events before revision ${event.revision}`);
    await table.put({
      stream_id: event.streamId,
      events: event.revision + 1,
      last_revision: event.revision,
      digest: `${row?.digest ?? ''}.${event.revision}`,
    } as never);
  },
};

/**
 * The rebuild's lanes (decision 143) each hold a connection of the server's pool and apply the
 * shared pages at their own pace: rows appended per event arrive through COPY across many pages,
 * and a lane that fails stops the others, swaps nothing and gives every connection back.
 */
describe.skipIf(!serverUrl)('a rebuild in lanes on a PostgreSQL server', () => {
  let database: TestDatabase;
  let store: EventStore;
  let positions: number[];
  beforeAll(async () => {
    database = await freshDatabase(serverUrl!);
    store = createPostgresEventStore(database.handle.pool);
    await writeEvents(store, { total: 45, streams: 5, writers: 2, prefix: 'l' });
    positions = (await store.readAll()).map((e) => e.position);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const logged = async () =>
    (await sql<{ position: number }>`select position from fanout_log order by position`.execute(database.handle.db)).rows.map((r) => Number(r.position));
  const shadowSchemas = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = ${SHADOW_SCHEMA}`.execute(database.handle.db)).rows[0]!.n;
  const heldConnections = () => database.handle.pool.totalCount - database.handle.pool.idleCount;

  it('stops every lane when one fails: the real tables and checkpoints stay as they were, no connection is kept', async () => {
    const failure = rebuildInShadow({
      db: database.handle.db,
      serverPool: database.handle.pool,
      eventStore: store,
      projectors: [logProjector, failingAt(positions[20]!)],
      batchSize: 7,
    });
    await expect(failure).rejects.toThrow(`failed at ${positions[20]}`);
    expect(await logged()).toEqual([]);
    expect(await readCheckpoints(database.handle.db, ['lanes-log', 'lanes-failing'])).toEqual(
      new Map([
        ['lanes-log', 0],
        ['lanes-failing', 0],
      ]),
    );
    expect(await shadowSchemas()).toBe(0);
    expect(heldConnections()).toBe(0);
  });

  it('leaves nothing behind when a copy cannot be made: no schema, no checkpoint, no connection', async () => {
    const missing: Projector = { ...logProjector, name: 'lanes-missing', tables: ['no_such_table'] as unknown as Projector['tables'] };
    await expect(
      rebuildInShadow({ db: database.handle.db, serverPool: database.handle.pool, eventStore: store, projectors: [logProjector, missing] }),
    ).rejects.toThrow(/no_such_table/);
    expect(await shadowSchemas()).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from projection_checkpoints where name = 'lanes-missing'`.execute(database.handle.db);
    expect(rows[0]!.n).toBe(0);
    expect(heldConnections()).toBe(0);
  });

  it('fails loudly when an appended key comes twice (the copy’s key is built after the replay), and swaps nothing', async () => {
    const before = await logged();
    // Every event of a stream appends under the id of the stream's first event: a key comes twice.
    const firstOfStream = new Map<string, string>();
    for (const event of await store.readAll()) if (!firstOfStream.has(event.streamId)) firstOfStream.set(event.streamId, event.eventId);
    const keyedByStream: Projector = {
      ...logProjector,
      async apply(rows, event) {
        await rows
          .table('fanout_log' as never, 'event_id' as never)
          .append({ position: event.position, event_id: firstOfStream.get(event.streamId), stream_id: event.streamId, type: event.type } as never);
      },
    };
    await expect(
      rebuildInShadow({ db: database.handle.db, serverPool: database.handle.pool, eventStore: store, projectors: [keyedByStream], batchSize: 7 }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await logged()).toEqual(before);
    expect(await shadowSchemas()).toBe(0);
    expect(heldConnections()).toBe(0);
  });

  it('writes every event’s appended row once, page after page, and moves the checkpoint to the head', async () => {
    const result = await rebuildInShadow({
      db: database.handle.db,
      serverPool: database.handle.pool,
      eventStore: store,
      projectors: [logProjector],
      batchSize: 7,
    });
    expect(result).toEqual({ position: positions.at(-1), events: positions.length });
    expect(await logged()).toEqual(positions);
    expect(await readCheckpoints(database.handle.db, ['lanes-log'])).toEqual(new Map([['lanes-log', positions.at(-1)]]));
    expect(heldConnections()).toBe(0);
  });

  it('lets PostgreSQL fill a read model from the events table, page after page, when the store is in the same database (decision 144)', async () => {
    const eventsTable = eventsTableOf(store, database.handle.pool);
    expect(eventsTable).toBe('events');
    // Another pool, even to the same server, is not the store's database as far as the rebuild can tell.
    expect(eventsTableOf(store, new pg.Pool())).toBeUndefined();
    const fromTable: Projector = {
      ...logProjector,
      name: 'lanes-from-table',
      async apply() {
        throw new Error('apply is not called when the events table is there');
      },
      insertFromEvents: (events, first, last) =>
        sql`insert into fanout_log (position, event_id, stream_id, type)
            select position, event_id, stream_id, type from ${sql.table(events)} where position between ${first} and ${last}`,
    };
    const result = await rebuildInShadow({
      db: database.handle.db,
      serverPool: database.handle.pool,
      eventStore: store,
      eventsTable,
      projectors: [fromTable],
      // Steps of 30 events (decision 145): 45 events take two statements.
      batchSize: 3,
    });
    expect(result).toEqual({ position: positions.at(-1), events: positions.length });
    expect(await logged()).toEqual(positions);
    // Without the events table, the same projector is replayed through `apply`.
    await expect(
      rebuildInShadow({ db: database.handle.db, serverPool: database.handle.pool, eventStore: store, projectors: [fromTable], batchSize: 7 }),
    ).rejects.toThrow('apply is not called');
    expect(await logged()).toEqual(positions);
    expect(heldConnections()).toBe(0);
  });

  it('fails loudly when a statement from the events table does not give one row per event of the page, and swaps nothing', async () => {
    const before = await logged();
    const skipping: Projector = {
      ...logProjector,
      name: 'lanes-skipping',
      insertFromEvents: (events, first, last) =>
        sql`insert into fanout_log (position, event_id, stream_id, type)
            select position, event_id, stream_id, type from ${sql.table(events)}
             where position between ${first} and ${last} and position <> ${positions[10]!}`,
    };
    await expect(
      rebuildInShadow({
        db: database.handle.db,
        serverPool: database.handle.pool,
        eventStore: store,
        eventsTable: 'events',
        projectors: [skipping],
        // Steps of 30 events: the first is one row short.
        batchSize: 3,
      }),
    ).rejects.toThrow(`lanes-skipping: 29 rows from the events 1–${positions[29]}, not 30`);
    expect(await logged()).toEqual(before);
    expect(await shadowSchemas()).toBe(0);
    expect(heldConnections()).toBe(0);
  });

  it('applies a page while the previous page is written, and reads the rows that page wrote (decision 144)', async () => {
    const result = await rebuildInShadow({
      db: database.handle.db,
      serverPool: database.handle.pool,
      eventStore: store,
      projectors: [streamCounter],
      batchSize: 7,
    });
    expect(result).toEqual({ position: positions.at(-1), events: positions.length });
    const expected = new Map<string, number>();
    for (const event of await store.readAll()) expected.set(event.streamId, (expected.get(event.streamId) ?? 0) + 1);
    const { rows } = await sql<{ stream_id: string; events: number }>`select stream_id, events from fanout_streams`.execute(database.handle.db);
    expect(new Map(rows.map((r) => [r.stream_id, r.events]))).toEqual(expected);
    expect(heldConnections()).toBe(0);
  });

  it('fails when PostgreSQL refuses a page it was sent while the next one was applied: nothing is swapped, no connection is kept', async () => {
    const counts = async () => (await sql`select * from fanout_counts`.execute(database.handle.db)).rows;
    const before = await counts();
    const refused: Projector = {
      name: 'lanes-refused',
      tables: ['fanout_counts'] as unknown as Projector['tables'],
      handles: () => true,
      async apply(rows, event) {
        const table = rows.table('fanout_counts' as never, 'projector' as never);
        // Not a number for an integer column: PostgreSQL refuses the page that holds it.
        await table.put({ projector: 'refused', events: event.position === positions[20] ? 'many' : 1, position_sum: event.position } as never);
      },
    };
    await expect(
      rebuildInShadow({ db: database.handle.db, serverPool: database.handle.pool, eventStore: store, projectors: [refused], batchSize: 7 }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(await counts()).toEqual(before);
    expect(await shadowSchemas()).toBe(0);
    expect(heldConnections()).toBe(0);
  });
});

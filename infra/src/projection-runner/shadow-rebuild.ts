import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { ensureCheckpoint, lockCheckpoints, saveCheckpoint } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import { applyEvents, projectBatch, type Projector } from '@moncafe/projections/projector';
import { rowWriter, type CopyRows } from '@moncafe/projections/read-model-rows';
import { kyselyOnConnection } from '../db/connection';
import { copyRowsOn } from '../db/copy-rows';

/**
 * Rebuilds read models while the system keeps running (decisions 141, 143). The replay writes
 * into copies of the read models' tables in a schema of their own, while the live projectors
 * keep the real tables current and readers keep reading them. When the copy has caught up with
 * the store, one short transaction locks the projectors' checkpoints (a live runner waits on
 * that lock), catches up any event the live runner applied meanwhile, puts the copies in the
 * real tables' place and sets each checkpoint to the copy's position; the live runner goes on
 * from there. Nothing a booking writes during the rebuild is lost: it is in the store, so
 * either the copy replayed it or the live runner applies it after the swap.
 *
 * At the speed of the machine (issue 10): the copies are made without their non-unique indexes,
 * which are built in one pass each once a lane has replayed (a sorted build, not 100,000 single
 * inserts into each); pages of events are read ahead and shared by lanes that apply them at their
 * own pace: read models that take a row from every event (the history) replay on a connection of
 * their own beside the others, so PostgreSQL works on both at once, and on a PostgreSQL server
 * their appended rows go in with COPY; the swap moves the copies into place (`drop table` +
 * `alter table … set schema`) instead of copying their rows. Where the events are in the same
 * database (the PostgreSQL store), such a read model is filled by PostgreSQL itself from the
 * events table (`Projector.insertFromEvents`): no Node work per event at all. Lanes of the other
 * read models send a page's writes as one message and apply the next page meanwhile (decision 144).
 */

export const SHADOW_SCHEMA = 'moncafe_rebuild';
const DEADLOCK = '40P01';
/** Pages read ahead of the slowest lane. */
const READ_AHEAD = 2;

export interface RebuildProgress {
  /** Position the replay has reached. */
  position: number;
  /** The store's head when the rebuild started: the replay's target. */
  target: number;
  events: number;
  phase: 'replaying' | 'swapping' | 'done';
}

/**
 * Projectors grouped into lanes that replay side by side, each page in a transaction of its own
 * lane: every projector that is handed every event (no `handles`: a row per event) gets a lane
 * of its own; the others share one.
 */
export function replayLanes(projectors: readonly Projector[]): Projector[][] {
  const everyEvent = projectors.filter((p) => !p.handles);
  const others = projectors.filter((p) => p.handles);
  return [...everyEvent.map((p) => [p]), ...(others.length > 0 ? [others] : [])];
}

/**
 * Makes the copy of `table` in the shadow schema with the real table's columns, defaults and
 * checks, its primary key and unique constraints and indexes (each under the real one's name, so
 * the copy can take its place), and answers the `create index` statements of the indexes that
 * only serve readers, to be run once the copy is filled. With `keysLater` (a copy filled only by
 * COPY), the keys too come among those statements: built in one sorted pass each, not grown row
 * by row; a key written twice then fails their build, as loudly as it would have failed the COPY.
 */
async function copyTable(db: Kysely<Database>, home: string, table: string, keysLater: boolean): Promise<string[]> {
  await sql`create table ${sql.id(SHADOW_SCHEMA, table)} (like ${sql.id(home, table)} including all excluding indexes)`.execute(db);
  const { rows } = await sql<{ constraintName: string | null; constraintDef: string | null; indexDef: string; unique: boolean }>`
    select c.conname as "constraintName", pg_get_constraintdef(c.oid) as "constraintDef",
           replace(pg_get_indexdef(i.oid), ${' ON '} || format('%I.%I', ${home}::text, ${table}::text) || ' ',
                   ${' ON '} || format('%I.%I', ${SHADOW_SCHEMA}::text, ${table}::text) || ' ') as "indexDef",
           x.indisunique as unique
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_constraint c on c.conindid = i.oid and c.conrelid = t.oid
    where n.nspname = ${home} and t.relname = ${table}
    order by i.relname`.execute(db);
  const deferred: string[] = [];
  for (const row of rows) {
    if (!row.indexDef.includes(` ON ${SHADOW_SCHEMA}.`)) throw new Error(`cannot copy an index of ${table}: ${row.indexDef}`);
    if (row.constraintName && row.constraintDef) {
      const statement = sql`alter table ${sql.id(SHADOW_SCHEMA, table)} add constraint ${sql.id(row.constraintName)} ${sql.raw(row.constraintDef)}`;
      if (keysLater) deferred.push(statement.compile(db).sql);
      else await statement.execute(db);
    } else if (row.unique && !keysLater) await sql.raw(row.indexDef).execute(db);
    else deferred.push(row.indexDef);
  }
  return deferred;
}

/**
 * Applies `page` through `projectors` and answers the SQL that writes the rows they leave, as one
 * text of statements with their values inline, in one transaction (decision 144). A row the
 * page has not touched is read through `db` (the lane's connection, after the previous page's
 * writes). The copies are thrown away if the server stops mid-rebuild, so their commits need not
 * wait for the disk.
 */
async function pageWrites(db: Kysely<Database>, projectors: readonly Projector[], page: readonly RecordedEvent[]): Promise<string> {
  const statements = ['begin', 'set local synchronous_commit = off', 'set local standard_conforming_strings = on'];
  for (const projector of projectors) {
    // In a lane, a page needs no transaction of its own while it is applied: nothing else writes the copies.
    const rows = rowWriter(db as Transaction<Database>);
    await applyEvents(rows, projector, page);
    for (const statement of rows.takeStatements()) {
      const compiled = statement.compile(db);
      if (compiled.parameters.length > 0) throw new Error(`${projector.name}: a statement with parameters cannot be sent inline`);
      statements.push(compiled.sql);
    }
    // Lets the socket take more of the previous page's message between projectors.
    await new Promise(setImmediate);
  }
  statements.push('commit');
  return statements.join(';\n');
}

/**
 * Fills `projector`'s copy with the rows of `page`, written by PostgreSQL from the events table
 * (`Projector.insertFromEvents`, decision 144). The page is every event in its range (readers
 * never skip one), so any other number of rows is a bug, and fails loudly.
 */
async function fillFromEvents(trx: Transaction<Database>, projector: Projector, eventsTable: string, page: readonly RecordedEvent[]) {
  const first = page[0]!.position;
  const last = page.at(-1)!.position;
  const { numAffectedRows } = await projector.insertFromEvents!(eventsTable, first, last).execute(trx);
  if (Number(numAffectedRows) !== page.length)
    throw new Error(`${projector.name}: ${String(numAffectedRows)} rows from the events ${first}–${last}, not ${page.length}`);
}

export async function rebuildInShadow(options: {
  db: Kysely<Database>;
  eventStore: EventStore;
  projectors: readonly Projector[];
  logger?: Logger | undefined;
  batchSize?: number | undefined;
  onProgress?: ((progress: RebuildProgress) => void) | undefined;
  /**
   * The pool of the PostgreSQL server behind `db` (none for PGlite): each lane then replays on a
   * connection it holds throughout, and rows appended per event (the history) go in with COPY.
   */
  serverPool?: pg.Pool | undefined;
  /**
   * The table the event store keeps its events in, when it is in `db`'s database
   * (`eventsTableOf`): projectors with `insertFromEvents` are then filled from it by PostgreSQL.
   */
  eventsTable?: string | undefined;
}): Promise<{ position: number; events: number }> {
  const { db, eventStore, projectors, logger } = options;
  const batchSize = options.batchSize ?? 5000;
  const names = projectors.map((p) => p.name);
  const tables = [...new Set(projectors.flatMap((p) => p.tables))];
  const lanes = replayLanes(projectors);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const home = rows[0]!.schema;
  const target = await eventStore.headPosition();
  let position = 0;
  let events = 0;
  const report = (phase: RebuildProgress['phase']) => options.onProgress?.({ position, target, events, phase });

  // The readers' indexes of each copy, built once its lane has replayed up to the head.
  const deferred = new Map<string, string[]>();
  // On a server, a projector handed every event only appends (a row per event, with COPY, in a
  // lane of its own): its copies get their keys after the first replay too.
  const appendedOnly = new Set(options.serverPool ? projectors.filter((p) => !p.handles).flatMap((p) => p.tables) : []);
  // One transaction (one commit, not a hundred): the checkpoints, the schema and the empty copies.
  await db.transaction().execute(async (trx) => {
    for (const name of names) await ensureCheckpoint(trx, name);
    await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(trx);
    await sql`create schema ${sql.id(SHADOW_SCHEMA)}`.execute(trx);
    for (const table of tables) deferred.set(table, await copyTable(trx, home, table, appendedOnly.has(table)));
  });
  const releases: (() => Promise<void>)[] = [];
  try {
    // Inside this transaction the tables' plain names are the copies (everything else, the real ones).
    const inShadow = <T>(on: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) =>
      on.transaction().execute(async (trx) => {
        await sql`select set_config('search_path', ${`${SHADOW_SCHEMA},${home}`}, true)`.execute(trx);
        return work(trx);
      });
    const connections = await Promise.all(
      lanes.map(async (projectors) => {
        const indexes = [...new Set(projectors.flatMap((p) => p.tables))].flatMap((t) => deferred.get(t) ?? []);
        if (!options.serverPool) return { projectors, indexes, db, copy: undefined as CopyRows | undefined, client: undefined };
        const client = await options.serverPool.connect();
        // Given back in `finally`, also when another lane's connection could not be had; a
        // connection whose search path cannot be reset is closed instead.
        releases.push(() =>
          client.query('reset search_path').then(
            () => client.release(),
            (error: Error) => client.release(error),
          ),
        );
        // The copies under their plain names for the whole rebuild, also outside a transaction.
        await client.query('select set_config($1, $2, false)', ['search_path', `${SHADOW_SCHEMA},${home}`]);
        return { projectors, indexes, db: kyselyOnConnection(client), copy: copyRowsOn(client), client };
      }),
    );

    /**
     * Replays into the copies from `position` until a page comes back short (the copies are at the
     * head). Pages are read ahead and shared; each lane applies them at its own pace, each in a
     * transaction of its own, so one lane's PostgreSQL work overlaps another's Node work. With
     * `thenIndexes`, a lane builds its copies' readers' indexes as soon as it is done, while the
     * others still replay.
     */
    const replay = async (thenIndexes: boolean) => {
      const pages: (Promise<RecordedEvent[]> | undefined)[] = [];
      const read = (i: number): Promise<RecordedEvent[]> => {
        for (let j = pages.length; j <= i + READ_AHEAD; j++) {
          const previous = j === 0 ? Promise.resolve(null) : pages[j - 1]!;
          const page = previous.then((p) => {
            if (p && p.length < batchSize) return [];
            const after = p === null ? position : p.at(-1)!.position;
            return eventStore.readAll({ after, maxCount: batchSize });
          });
          // Awaited when a lane gets to it; a failure meanwhile is not an unhandled one.
          page.catch(() => undefined);
          pages.push(page);
        }
        return pages[i]!;
      };
      const applied = connections.map(() => 0);
      let failed = false;
      const done = (l: number, i: number, page: readonly RecordedEvent[]) => {
        applied[l] = i + 1;
        // Every lane has applied this page: it is the copies' position, and no lane needs it again.
        if (applied.every((a) => a > i)) {
          pages[i] = undefined;
          if (page.length > 0) {
            position = page.at(-1)!.position;
            events += page.length;
            report('replaying');
          }
        }
      };
      const runLane = async (lane: (typeof connections)[number], l: number) => {
        // On a server, a lane of projectors that each handle some events sends a page's writes as
        // one message and applies the next page while PostgreSQL writes them.
        const client = lane.client && lane.projectors.every((p) => p.handles) ? lane.client : undefined;
        let writing: { i: number; page: RecordedEvent[]; written: Promise<unknown> } | undefined;
        const written = async () => {
          if (!writing) return;
          const { i, page, written } = writing;
          writing = undefined;
          await written;
          done(l, i, page);
        };
        try {
          for (let i = 0; !failed; i++) {
            const page = await read(i);
            if (client) {
              const text = page.length > 0 ? await pageWrites(lane.db, lane.projectors, page) : undefined;
              await written();
              const sent = text === undefined ? Promise.resolve() : client.query(text);
              // Awaited before the next page is sent or the lane ends; a failure meanwhile is not an unhandled one.
              sent.catch(() => undefined);
              writing = { i, page, written: sent };
              if (page.length < batchSize) break;
              continue;
            }
            if (page.length > 0) {
              await inShadow(lane.db, async (trx) => {
                for (const projector of lane.projectors) {
                  if (options.eventsTable && projector.insertFromEvents) await fillFromEvents(trx, projector, options.eventsTable, page);
                  else await projectBatch(trx, projector, page, { copy: lane.copy });
                }
              });
            }
            done(l, i, page);
            if (page.length < batchSize) break;
          }
          await written();
        } finally {
          // No statement of this lane is still running when it ends, also when it failed.
          await writing?.written.catch(() => undefined);
        }
        if (thenIndexes && !failed) for (const definition of lane.indexes) await sql.raw(definition).execute(lane.db);
      };
      const outcomes = await Promise.allSettled(
        connections.map((lane, l) =>
          runLane(lane, l).catch((error: unknown) => {
            failed = true;
            throw error;
          }),
        ),
      );
      // Every lane has stopped before a failure is reported, so no connection is given back mid-statement.
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    };

    report('replaying');
    await replay(true);
    for (let attempt = 0; ; attempt++) {
      await replay(false);
      report('swapping');
      const swapped = await db
        .transaction()
        .execute(async (trx) => {
          const checkpoints = await lockCheckpoints(trx, names);
          // The live runner applied events the copy has not seen yet: catch up, then try again.
          if ([...checkpoints.values()].some((c) => c > position)) return false;
          // Readers wait on the real table's lock for these few statements and then read the copy
          // under the same name, with the same indexes; until the commit they read the old rows.
          for (const table of tables) {
            await sql`drop table ${sql.id(home, table)}`.execute(trx);
            await sql`alter table ${sql.id(SHADOW_SCHEMA, table)} set schema ${sql.id(home)}`.execute(trx);
          }
          for (const name of names) await saveCheckpoint(trx, name, position);
          return true;
        })
        // A reader's statement that holds one table while waiting for another can meet the swap
        // in a deadlock; PostgreSQL ends one of the two, and if it was the swap it is tried again.
        .catch((error: unknown) => {
          if ((error as { code?: unknown }).code === DEADLOCK) return false;
          throw error;
        });
      if (swapped) break;
      if (attempt > 100) throw new Error('rebuild could not catch up with the live projectors');
    }
    report('done');
    logger?.info({ position, events, projectors: names }, 'read models rebuilt while running');
    return { position, events };
  } finally {
    await Promise.all(releases.map((release) => release()));
    await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(db);
  }
}

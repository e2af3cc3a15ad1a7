import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { ensureCheckpoints, lockCheckpoints, saveCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import { applyEvents, byCategory, eventsFor, projectBatch, type Projector } from '@moncafe/projections/projector';
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
 * At the speed of the machine (decision 143): the copies are made without their non-unique indexes,
 * which are built in one pass each once a lane has replayed (a sorted build, not 100,000 single
 * inserts into each); read models that take a row from every event (the history) replay on a
 * connection of their own beside the others, so PostgreSQL works on both at once, and on a
 * PostgreSQL server their appended rows go in with COPY; the swap moves the copies into place
 * (`drop table` + `alter table … set schema`) instead of copying their rows. Where the events are
 * in the same database (the PostgreSQL store), such a read model is filled by PostgreSQL itself
 * from the events table (`Projector.insertFromEvents`): no Node work per event at all. Lanes of
 * the other read models read ahead only the events of the categories they handle, send a page's
 * writes as one message and apply the next page meanwhile (decisions 144, 145).
 */

export const SHADOW_SCHEMA = 'moncafe_rebuild';
const DEADLOCK = '40P01';
/**
 * Pages a lane reads ahead of the one it applies: one is enough, since a page is read in a
 * fraction of the time it takes to apply, and every page held costs the garbage collector
 * (decision 147).
 */
const READ_AHEAD = 1;

export interface RebuildProgress {
  /** Position the replay has reached: the slowest lane's. */
  position: number;
  /** The store's head when the rebuild started: the replay's target. */
  target: number;
  /** Events replayed so far: the most any lane was handed (every event, when the history is rebuilt). */
  events: number;
  phase: 'replaying' | 'swapping' | 'done';
}

/**
 * Projectors grouped into lanes that replay side by side, each page in a transaction of its own
 * lane: every projector that is handed every event (no `handles`: a row per event) gets a lane
 * of its own; the others share one.
 */
function replayLanes(projectors: readonly Projector[]): Projector[][] {
  const everyEvent = projectors.filter((p) => !p.handles);
  const others = projectors.filter((p) => p.handles);
  return [...everyEvent.map((p) => [p]), ...(others.length > 0 ? [others] : [])];
}

/** How to make one table's copy: the statements that make it empty, and those run once it is filled. */
interface CopyPlan {
  make: string[];
  later: string[];
}

/**
 * The statements that make the copy of each table in the shadow schema with the real table's
 * columns, defaults and checks, its primary key and unique constraints and indexes (each under
 * the real one's name, so the copy can take its place), and those of the indexes that only serve
 * readers, to be run once the copy is filled. For tables in `keysLater` (copies filled only by
 * COPY), the keys too come among the later statements: built in one sorted pass each, not grown
 * row by row; a key written twice then fails their build, as loudly as it would have failed the
 * COPY. Every table and its indexes are looked up in one query.
 */
async function planCopies(db: Kysely<Database>, home: string, tables: readonly string[], keysLater: ReadonlySet<string>): Promise<Map<string, CopyPlan>> {
  const { rows } = await sql<{ table: string; constraintName: string | null; constraintDef: string | null; indexDef: string | null; unique: boolean | null }>`
    select t.relname as "table", c.conname as "constraintName", pg_get_constraintdef(c.oid) as "constraintDef",
           replace(pg_get_indexdef(i.oid), ${' ON '} || format('%I.%I', n.nspname, t.relname) || ' ',
                   ${' ON '} || format('%I.%I', ${SHADOW_SCHEMA}::text, t.relname) || ' ') as "indexDef",
           x.indisunique as unique
    from pg_class t
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_index x on x.indrelid = t.oid
    left join pg_class i on i.oid = x.indexrelid
    left join pg_constraint c on c.conindid = i.oid and c.conrelid = t.oid
    where n.nspname = ${home} and t.relname = any(${[...tables]}::text[]) and t.relkind in ('r', 'p')
    order by t.relname, i.relname`.execute(db);
  const plans = new Map<string, CopyPlan>();
  for (const table of tables) {
    // Found here, in the setup's transaction: a rebuild of a table that is not there fails before anything is kept.
    if (!rows.some((r) => r.table === table)) throw new Error(`relation "${table}" does not exist in ${home}`);
    const make = [sql`create table ${sql.id(SHADOW_SCHEMA, table)} (like ${sql.id(home, table)} including all excluding indexes)`.compile(db).sql];
    const later: string[] = [];
    for (const row of rows.filter((r) => r.table === table)) {
      // A table without indexes.
      if (row.indexDef === null) continue;
      if (!row.indexDef.includes(` ON ${SHADOW_SCHEMA}.`)) throw new Error(`cannot copy an index of ${table}: ${row.indexDef}`);
      if (row.constraintName && row.constraintDef) {
        const statement = sql`alter table ${sql.id(SHADOW_SCHEMA, table)} add constraint ${sql.id(row.constraintName)} ${sql.raw(row.constraintDef)}`.compile(
          db,
        ).sql;
        (keysLater.has(table) ? later : make).push(statement);
      } else if (row.unique && !keysLater.has(table)) make.push(row.indexDef);
      else later.push(row.indexDef);
    }
    plans.set(table, { make, later });
  }
  return plans;
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
  const lists = byCategory(page);
  for (const projector of projectors) {
    // In a lane, a page needs no transaction of its own while it is applied: nothing else writes the copies.
    const rows = rowWriter(db as Transaction<Database>);
    await applyEvents(rows, projector, eventsFor(projector, page, lists));
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
 * The next `count` events after `after` (up to `upTo`) in the events table: how many there are
 * and the position of the last. A lane filled from the table goes in steps of this size, so its
 * progress shows and a step's rows can be counted (decision 145).
 */
async function nextEvents(db: Kysely<Database>, eventsTable: string, after: number, upTo: number, count: number) {
  const { rows } = await sql<{ events: number; last: number | null }>`
    select count(*)::int as events, max(position) as last
      from (select position from ${sql.table(eventsTable)} where position > ${after} and position <= ${upTo} order by position limit ${count}) page`.execute(
    db,
  );
  return { events: rows[0]!.events, last: rows[0]!.last === null ? null : Number(rows[0]!.last) };
}

/**
 * Fills `projector`'s copy with the rows of the `events` events from `first` to `last`, written by
 * PostgreSQL from the events table (`Projector.insertFromEvents`, decision 144). Readers never skip
 * an event, so any other number of rows is a bug, and fails loudly.
 */
async function fillFromEvents(trx: Transaction<Database>, projector: Projector, eventsTable: string, first: number, last: number, events: number) {
  const { numAffectedRows } = await projector.insertFromEvents!(eventsTable, first, last).execute(trx);
  if (Number(numAffectedRows) !== events) throw new Error(`${projector.name}: ${String(numAffectedRows)} rows from the events ${first}–${last}, not ${events}`);
}

/** Pages' worth of events a lane filled from the events table takes in one statement (50,000 by default): its progress shows. */
const FILL_STEP_PAGES = 10;

/**
 * Pages of `eventStore`'s events after `from` up to `upTo`, of `categories` (all when undefined),
 * each read as soon as the one before it is in, `READ_AHEAD` pages ahead of the one asked for;
 * an empty page after the first short one. Reading starts when it is made; `close` stops it and
 * answers once no read is running (a lane that failed leaves no connection busy behind it).
 */
function pageReader(eventStore: EventStore, batchSize: number, from: number, upTo: number, categories: readonly string[] | undefined) {
  const pages: Promise<RecordedEvent[]>[] = [];
  let last: Promise<RecordedEvent[] | null> = Promise.resolve(null);
  let closed = false;
  const fill = () => {
    while (!closed && pages.length <= READ_AHEAD) {
      const page = last.then((previous) => {
        if (closed || (previous && previous.length < batchSize)) return [];
        const after = previous === null ? from : previous.at(-1)!.position;
        return eventStore.readAll({ after, upTo, maxCount: batchSize, ...(categories ? { categories } : {}) });
      });
      // Awaited when the lane gets to it; a failure meanwhile is not an unhandled one.
      page.catch(() => undefined);
      pages.push(page);
      last = page;
    }
  };
  fill();
  return {
    next() {
      const page = pages.shift() ?? Promise.resolve([]);
      fill();
      return page;
    },
    async close() {
      closed = true;
      await last.catch(() => undefined);
    },
  };
}

/** How a lane replays: from the events table, or from pages of the categories it reads. */
function laneKind(projectors: readonly Projector[], eventsTable: string | undefined) {
  // Filled by PostgreSQL from the events table: the lane reads no events at all.
  const fromTable = eventsTable !== undefined && projectors.every((p) => p.insertFromEvents);
  // Only the events of the categories its projectors declare, when every one declares them.
  const categories = projectors.every((p) => p.categories) ? [...new Set(projectors.flatMap((p) => p.categories!))] : undefined;
  return { fromTable, categories };
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
  const { db, eventStore, projectors, logger, eventsTable } = options;
  const batchSize = options.batchSize ?? 5000;
  const names = projectors.map((p) => p.name);
  const tables = [...new Set(projectors.flatMap((p) => p.tables))];
  const lanes = replayLanes(projectors);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const home = rows[0]!.schema;
  const target = await eventStore.headPosition();
  // The first round replays up to the head seen now; the lanes that read pages start reading
  // while the copies are made (decision 145).
  const kinds = lanes.map((lane) => laneKind(lane, eventsTable));
  // Every reader made, closed when the rebuild ends, also when it failed.
  const reading: ReturnType<typeof pageReader>[] = [];
  const reader = (from: number, upTo: number, categories: readonly string[] | undefined) => {
    const made = pageReader(eventStore, batchSize, from, upTo, categories);
    reading.push(made);
    return made;
  };
  const readers = kinds.map(({ fromTable, categories }) => (fromTable || target === 0 ? undefined : reader(0, target, categories)));
  let position = 0;
  let events = 0;
  const report = (phase: RebuildProgress['phase']) => options.onProgress?.({ position, target, events, phase });

  // On a server, a projector handed every event only appends (a row per event, with COPY, in a
  // lane of its own): its copies get their keys after the first replay too.
  const appendedOnly = new Set(options.serverPool ? projectors.filter((p) => !p.handles).flatMap((p) => p.tables) : []);
  const releases: (() => Promise<void>)[] = [];
  try {
    // One transaction: the checkpoints and the empty schema; it answers how each copy is made. On a
    // server each lane makes its own copies on its own connection, in one message, while the other
    // lanes make theirs and already replay (decision 146); on PGlite, this transaction makes them all.
    const plans = await db.transaction().execute(async (trx) => {
      await ensureCheckpoints(trx, names);
      await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(trx);
      await sql`create schema ${sql.id(SHADOW_SCHEMA)}`.execute(trx);
      const plans = await planCopies(trx, home, tables, appendedOnly);
      if (!options.serverPool) for (const { make } of plans.values()) for (const statement of make) await sql.raw(statement).execute(trx);
      return plans;
    });
    // Each table's copy is made by the first lane whose projectors write it.
    const owner = new Map<string, number>();
    lanes.forEach((lane, l) => lane.flatMap((p) => p.tables).forEach((t) => owner.has(t) || owner.set(t, l)));
    const laneTables = lanes.map((_, l) => tables.filter((t) => owner.get(t) === l));
    // Inside this transaction the tables' plain names are the copies (everything else, the real ones).
    const inShadow = <T>(on: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) =>
      on.transaction().execute(async (trx) => {
        await sql`select set_config('search_path', ${`${SHADOW_SCHEMA},${home}`}, true)`.execute(trx);
        return work(trx);
      });
    const connections = await Promise.all(
      lanes.map(async (projectors, l) => {
        const indexes = laneTables[l]!.flatMap((t) => plans.get(t)!.later);
        const lane = { projectors, indexes, ...kinds[l]! };
        if (!options.serverPool) return { ...lane, db, copy: undefined as CopyRows | undefined, client: undefined, made: Promise.resolve() };
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
        // Sent now and awaited by the lane's first write: every statement of the lane runs on this
        // connection after it, and the first page is applied in Node meanwhile.
        const made = client.query(['begin', ...laneTables[l]!.flatMap((t) => plans.get(t)!.make), 'commit'].join(';\n'));
        // A failure is reported where the lane awaits it, not as an unhandled one.
        made.catch(() => undefined);
        return { ...lane, db: kyselyOnConnection(client), copy: copyRowsOn(client), client, made };
      }),
    );

    /**
     * Replays into the copies from `position` up to the store's head as it is now (decision 145).
     * Each lane goes at its own pace, in transactions of its own, so one lane's PostgreSQL work
     * overlaps another's Node work: a lane filled from the events table sends a statement per step;
     * the others read their own pages ahead, each only the categories its projectors handle. With
     * `thenIndexes`, a lane builds its copies' readers' indexes as soon as it is done, while the
     * others still replay.
     */
    const replay = async (thenIndexes: boolean, first?: { upTo: number; readers: (ReturnType<typeof pageReader> | undefined)[] }) => {
      const from = position;
      const upTo = first?.upTo ?? Math.max(from, await eventStore.headPosition());
      // How far each lane has replayed, and how many events it was handed on the way.
      const reached = connections.map(() => from);
      const handed = connections.map(() => 0);
      const counted = events;
      let failed = false;
      const advance = (l: number, to: number, count: number) => {
        reached[l] = to;
        handed[l]! += count;
        // The copies are where the slowest lane is; the events, as many as the widest lane was handed.
        const at = Math.min(...reached);
        const total = counted + Math.max(...handed);
        if (at === position && total === events) return;
        position = at;
        events = total;
        report('replaying');
      };

      const fillLane = async (lane: (typeof connections)[number], l: number) => {
        await lane.made;
        for (let after = from; !failed && after < upTo;) {
          const { events: count, last } = await nextEvents(lane.db, eventsTable!, after, upTo, batchSize * FILL_STEP_PAGES);
          if (last === null) break;
          await inShadow(lane.db, async (trx) => {
            for (const projector of lane.projectors) await fillFromEvents(trx, projector, eventsTable!, after + 1, last, count);
          });
          advance(l, last, count);
          after = last;
        }
        if (!failed) advance(l, upTo, 0);
      };

      const applyLane = async (lane: (typeof connections)[number], l: number) => {
        const pages = first?.readers[l] ?? reader(from, upTo, lane.categories);
        // On a server, a lane of projectors that each handle some events sends a page's writes as
        // one message and applies the next page while PostgreSQL writes them.
        const client = lane.client && lane.projectors.every((p) => p.handles) ? lane.client : undefined;
        // The lane's copies are made before its first page is written.
        let writing: { to: number; count: number; written: Promise<unknown> } | undefined = { to: from, count: 0, written: lane.made };
        const written = async () => {
          if (!writing) return;
          const { to, count, written } = writing;
          writing = undefined;
          await written;
          advance(l, to, count);
        };
        try {
          while (!failed) {
            const page = await pages.next();
            const to = page.length < batchSize ? upTo : page.at(-1)!.position;
            if (client) {
              const text = page.length > 0 ? await pageWrites(lane.db, lane.projectors, page) : undefined;
              await written();
              const sent = text === undefined ? Promise.resolve() : client.query(text);
              // Awaited before the next page is sent or the lane ends; a failure meanwhile is not an unhandled one.
              sent.catch(() => undefined);
              writing = { to, count: page.length, written: sent };
            } else {
              await written();
              if (page.length > 0) {
                const lists = byCategory(page);
                await inShadow(lane.db, async (trx) => {
                  for (const projector of lane.projectors) await projectBatch(trx, projector, eventsFor(projector, page, lists), { copy: lane.copy });
                });
              }
              advance(l, to, page.length);
            }
            if (page.length < batchSize) break;
          }
          await written();
        } finally {
          // No statement of this lane is still running when it ends, also when it failed.
          await writing?.written.catch(() => undefined);
        }
      };

      const outcomes = await Promise.allSettled(
        connections.map(async (lane, l) => {
          try {
            if (upTo > from) await (lane.fromTable ? fillLane(lane, l) : applyLane(lane, l));
            // Also made when there was nothing to replay.
            await lane.made;
            if (thenIndexes && !failed) for (const definition of lane.indexes) await sql.raw(definition).execute(lane.db);
          } catch (error) {
            failed = true;
            throw error;
          }
        }),
      );
      // Every lane has stopped before a failure is reported, so no connection is given back mid-statement.
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
      position = upTo;
    };

    report('replaying');
    await replay(true, { upTo: target, readers });
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
          await sql`drop table ${sql.join(tables.map((table) => sql.id(home, table)))}`.execute(trx);
          for (const table of tables) await sql`alter table ${sql.id(SHADOW_SCHEMA, table)} set schema ${sql.id(home)}`.execute(trx);
          await saveCheckpoints(trx, names, position);
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
    await Promise.all(reading.map((r) => r.close()));
    await Promise.all(releases.map((release) => release()));
    await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(db);
  }
}

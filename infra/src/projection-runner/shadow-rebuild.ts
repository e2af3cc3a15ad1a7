import { sql, type Kysely, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { EventStore } from '@moncafe/domain/ports';
import { ensureCheckpoint, lockCheckpoints, saveCheckpoint } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import { projectBatch, type Projector } from '@moncafe/projections/projector';

/**
 * Rebuilds read models while the system keeps running (decision 141). The replay writes into
 * copies of the read models' tables in a schema of their own, while the live projectors keep
 * the real tables current and readers keep reading them. When the copy has caught up with the
 * store, one short transaction locks the projectors' checkpoints (a live runner waits on that
 * lock), catches up any event the live runner applied meanwhile, replaces the real tables'
 * rows with the copy's and sets each checkpoint to the copy's position; the live runner goes
 * on from there. Nothing a booking writes during the rebuild is lost: it is in the store, so
 * either the copy replayed it or the live runner applies it after the swap.
 */

export const SHADOW_SCHEMA = 'moncafe_rebuild';

export interface RebuildProgress {
  /** Position the replay has reached. */
  position: number;
  /** The store's head when the rebuild started: the replay's target. */
  target: number;
  events: number;
  phase: 'replaying' | 'swapping' | 'done';
}

export async function rebuildInShadow(options: {
  db: Kysely<Database>;
  eventStore: EventStore;
  projectors: readonly Projector[];
  logger?: Logger | undefined;
  batchSize?: number | undefined;
  onProgress?: ((progress: RebuildProgress) => void) | undefined;
}): Promise<{ position: number; events: number }> {
  const { db, eventStore, projectors, logger } = options;
  const batchSize = options.batchSize ?? 2000;
  const names = projectors.map((p) => p.name);
  const tables = [...new Set(projectors.flatMap((p) => p.tables))];
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const home = rows[0]!.schema;
  const target = await eventStore.headPosition();
  let position = 0;
  let events = 0;
  const report = (phase: RebuildProgress['phase']) => options.onProgress?.({ position, target, events, phase });

  for (const name of names) await ensureCheckpoint(db, name);
  await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(db);
  await sql`create schema ${sql.id(SHADOW_SCHEMA)}`.execute(db);
  try {
    for (const table of tables) {
      await sql`create table ${sql.id(SHADOW_SCHEMA, table)} (like ${sql.id(home, table)} including all)`.execute(db);
    }
    // Inside this transaction the tables' plain names are the copies (everything else, the real ones).
    const inShadow = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
      db.transaction().execute(async (trx) => {
        await sql`select set_config('search_path', ${`${SHADOW_SCHEMA},${home}`}, true)`.execute(trx);
        return work(trx);
      });

    /** Replays into the copy until a page comes back short (the copy is at the head). */
    const replay = async () => {
      for (;;) {
        const page = await eventStore.readAll({ after: position, maxCount: batchSize });
        if (page.length > 0) {
          await inShadow(async (trx) => {
            for (const projector of projectors) await projectBatch(trx, projector, page);
          });
          position = page.at(-1)!.position;
          events += page.length;
          report('replaying');
        }
        if (page.length < batchSize) return;
      }
    };

    report('replaying');
    for (let attempt = 0; ; attempt++) {
      await replay();
      report('swapping');
      const swapped = await db.transaction().execute(async (trx) => {
        const checkpoints = await lockCheckpoints(trx, names);
        // The live runner applied events the copy has not seen yet: catch up, then try again.
        if ([...checkpoints.values()].some((c) => c > position)) return false;
        for (const table of tables) {
          await sql`delete from ${sql.id(home, table)}`.execute(trx);
          await sql`insert into ${sql.id(home, table)} select * from ${sql.id(SHADOW_SCHEMA, table)}`.execute(trx);
        }
        for (const name of names) await saveCheckpoint(trx, name, position);
        return true;
      });
      if (swapped) break;
      if (attempt > 100) throw new Error('rebuild could not catch up with the live projectors');
    }
    report('done');
    logger?.info({ position, events, projectors: names }, 'read models rebuilt while running');
    return { position, events };
  } finally {
    await sql`drop schema if exists ${sql.id(SHADOW_SCHEMA)} cascade`.execute(db);
  }
}

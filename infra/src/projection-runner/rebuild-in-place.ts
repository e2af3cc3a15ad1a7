import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { EventStore } from '@moncafe/domain/ports';
import { saveCheckpoint } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import type { Projector } from '@moncafe/projections/projector';
import { applyTogether } from './apply-batches';

export interface RebuildResult {
  /** Position the read models were rebuilt up to. */
  position: number;
  events: number;
}

/**
 * Rebuilds read models from position 0: empties each projector's tables and resets its
 * checkpoint in one transaction, then streams every event through all projectors at once, in
 * large pages: each page is read once (the next one is read while this one is applied) and
 * applied in one transaction that moves every checkpoint. Readers see empty tables until the
 * replay passes them. Only for a system whose projectors are stopped (a fresh database, the
 * bench, tests): a live runner beside it applies its next event over the reset checkpoint and
 * skips what the replay has not reached yet. A running system rebuilds in a shadow schema
 * instead (decision 141, the database screen and `npm run projections:rebuild`).
 */
export async function rebuildProjections(options: {
  db: Kysely<Database>;
  eventStore: EventStore;
  projectors: readonly Projector[];
  logger?: Logger;
  batchSize?: number;
}): Promise<RebuildResult> {
  const { db, eventStore, projectors, logger } = options;
  const batchSize = options.batchSize ?? 5000;
  const names = projectors.map((p) => p.name);
  for (const projector of projectors) {
    await db.transaction().execute(async (trx) => {
      for (const table of projector.tables) await trx.deleteFrom(table).execute();
      await saveCheckpoint(trx, projector.name, 0);
    });
  }
  let after = 0;
  let count = 0;
  let next = eventStore.readAll({ after, maxCount: batchSize });
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    after = page.at(-1)!.position;
    next = page.length < batchSize ? Promise.resolve([]) : eventStore.readAll({ after, maxCount: batchSize });
    await applyTogether(
      db,
      projectors.map((projector) => ({ projector, events: page })),
    );
    count += page.length;
    logger?.debug({ position: after }, 'rebuilding read models');
  }
  logger?.info({ position: after, events: count, projectors: names }, 'read models rebuilt');
  return { position: after, events: count };
}

import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { lockCheckpoint, lockCheckpoints, moveCheckpointPast, moveCheckpointsPast, saveCheckpoint } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import { projectBatch, type Projector } from '@moncafe/projections/projector';

/**
 * How a batch of events reaches the read models: in a transaction that also moves the
 * projector's checkpoint (read under a row lock), so redelivery, a crash half-way or a second
 * runner of the same projector applies nothing twice. The runner (runner.ts) and the rebuild in
 * place (rebuild-in-place.ts) both apply through here.
 */

/**
 * Applies `events` (in position order) that are past the checkpoint as one batch, in one
 * transaction that moves the checkpoint once. Returns the checkpoint after it.
 */
export async function applyEvents(db: Kysely<Database>, projector: Projector, events: readonly RecordedEvent[]): Promise<number> {
  const last = events.at(-1);
  if (last && projector.handles && !events.some((e) => projector.handles!(e))) {
    // Nothing here for this read model: the checkpoint moves forward (never back), no transaction.
    return moveCheckpointPast(db, projector.name, last.position);
  }
  return db.transaction().execute(async (trx) => {
    const checkpoint = await lockCheckpoint(trx, projector.name);
    const fresh = pastCheckpoint(events, checkpoint);
    if (fresh.length === 0) return checkpoint;
    await projectBatch(trx, projector, fresh);
    const last = fresh.at(-1)!.position;
    await saveCheckpoint(trx, projector.name, last);
    return last;
  });
}

/**
 * Applies each projector's events in one transaction: the checkpoints are locked in name order,
 * each projector gets the events past its checkpoint, and every checkpoint moves in one
 * statement. Answers each projector's checkpoint after it, in the order asked.
 */
export async function applyTogether(db: Kysely<Database>, batch: readonly { projector: Projector; events: readonly RecordedEvent[] }[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const checkpoints = await lockCheckpoints(trx, [...new Set(batch.map((a) => a.projector.name))]);
    const moved = new Map<string, number>();
    for (const { projector, events } of batch) {
      const fresh = pastCheckpoint(events, checkpoints.get(projector.name) ?? 0);
      if (fresh.length === 0) continue;
      await projectBatch(trx, projector, fresh);
      checkpoints.set(projector.name, fresh.at(-1)!.position);
      moved.set(projector.name, fresh.at(-1)!.position);
    }
    await moveCheckpointsPast(
      trx,
      [...moved].map(([name, position]) => ({ name, position })),
    );
    return batch.map((a) => checkpoints.get(a.projector.name) ?? 0);
  });
}

/** Applies a batch of events through one projector; answers its checkpoint after it. */
export type BatchApply = (projector: Projector, events: readonly RecordedEvent[]) => Promise<number>;

/**
 * The batches of all the projectors of one runner, gathered and applied together: whatever is
 * asked for while the previous transaction runs (or within the same turn of the event loop) goes
 * in the next one, which locks their checkpoints in name order, applies each projector's fresh
 * events and moves every checkpoint in one statement. An event reaches 23 read models in one
 * commit instead of 23 (on the embedded database all of them share one connection), and under
 * load the batches grow on their own. A rebuild applies its pages the same way. If the shared
 * transaction fails, each batch is tried again in a transaction of its own, so one read model's
 * failure holds back only that read model.
 */
export function gatheredBatches(db: Kysely<Database>): BatchApply {
  interface Asked {
    projector: Projector;
    events: readonly RecordedEvent[];
    resolve(checkpoint: number): void;
    reject(error: unknown): void;
  }
  let asked: Asked[] = [];
  let scheduled = false;
  let inFlight = false;

  async function flush() {
    scheduled = false;
    if (inFlight || asked.length === 0) return;
    inFlight = true;
    const batch = asked;
    asked = [];
    try {
      const checkpoints = await applyTogether(db, batch);
      batch.forEach((a, i) => a.resolve(checkpoints[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const a of batch) await applyEvents(db, a.projector, a.events).then(a.resolve, a.reject);
    } finally {
      inFlight = false;
      if (asked.length > 0) void flush();
    }
  }

  return (projector, events) =>
    new Promise<number>((resolve, reject) => {
      asked.push({ projector, events, resolve, reject });
      if (!scheduled && !inFlight) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/** The events after `checkpoint`, each once, in position order (a redelivered one is dropped). */
function pastCheckpoint(events: readonly RecordedEvent[], checkpoint: number): RecordedEvent[] {
  const fresh: RecordedEvent[] = [];
  let last = checkpoint;
  for (const event of events) {
    if (event.position <= last) continue;
    fresh.push(event);
    last = event.position;
  }
  return fresh;
}

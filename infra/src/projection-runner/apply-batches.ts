import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { lockCheckpoint, lockCheckpoints, moveCheckpointPast, moveCheckpointsPast, saveCheckpoint } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import { applyEvents as applyThrough, projectBatch, type Projector } from '@moncafe/projections/projector';
import { NeedsTransaction, rowWriter, type RowWriter } from '@moncafe/projections/read-model-rows';

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

/**
 * Where a text of several statements goes as one message, run by PostgreSQL as one transaction
 * (a `pg.Pool`: a query without parameters goes by the simple protocol).
 */
export interface OneMessage {
  query(text: string): Promise<unknown>;
}

/** A SQL string literal (standard_conforming_strings, PostgreSQL's default: only quotes double). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

const position = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a position: ${n}`);
  return String(n);
};

/** Whether `reader` read a stored row that `writer` has in its batch (in a transaction it would have seen the writer's version). */
function readsWhatTouches(reader: RowWriter, writer: RowWriter): boolean {
  for (const [table, keys] of reader.rowsRead) for (const key of keys) if (writer.touches(table, key)) return true;
  return false;
}

/**
 * Applies the batches with the checkpoints this runner last committed (`known`) as one message:
 * a guard that locks the checkpoints in name order and fails unless each is still what the
 * runner knows, every projector's writes with their values inline, the checkpoints' move, and
 * PostgreSQL's commit of the whole — one round trip where the transaction takes six and a
 * commit (decision 471). The projectors read the rows they need beforehand, outside it: while
 * the checkpoints are unmoved, those rows are what the checkpoints say (every write to a read
 * model moves its checkpoint in the same transaction), and a runner that moved one meanwhile
 * fails the guard, which rolls back everything. Answers each batch's checkpoint after it, or
 * undefined where the transaction must apply it instead: a checkpoint not known yet, a guard
 * that failed, a projector that needs its own SQL (`rows.transaction()`), or one that read a
 * row another projector of the batch writes (in the transaction it would see that write).
 */
export async function applyInOneMessage(
  db: Kysely<Database>,
  connection: OneMessage,
  batch: readonly { projector: Projector; events: readonly RecordedEvent[] }[],
  known: ReadonlyMap<string, number>,
): Promise<number[] | undefined> {
  const byName = new Map<string, { projector: Projector; events: RecordedEvent[] }>();
  for (const { projector, events } of batch) {
    if (!known.has(projector.name)) return undefined;
    const entry = byName.get(projector.name);
    if (entry) entry.events.push(...events);
    else byName.set(projector.name, { projector, events: [...events] });
  }
  const moved = new Map<string, number>();
  const writers: RowWriter[] = [];
  try {
    for (const [name, { projector, events }] of byName) {
      // Two batches of one projector (a bus batch and a read-your-writes read) may overlap.
      const fresh = pastCheckpoint(
        events.sort((a, b) => a.position - b.position),
        known.get(name)!,
      );
      if (fresh.length === 0) continue;
      // Reads go through `db` (outside any transaction): the guard vouches for what they saw.
      const rows = rowWriter(db as unknown as Transaction<Database>, { statementsOnly: true });
      await applyThrough(rows, projector, fresh);
      writers.push(rows);
      moved.set(name, fresh.at(-1)!.position);
    }
  } catch (error) {
    if (error instanceof NeedsTransaction) return undefined;
    throw error;
  }
  if (writers.some((reader) => writers.some((writer) => writer !== reader && readsWhatTouches(reader, writer)))) return undefined;
  const statements: string[] = [];
  for (const rows of writers) {
    for (const statement of rows.takeStatements()) {
      const compiled = statement.compile(db);
      if (compiled.parameters.length > 0) return undefined;
      statements.push(compiled.sql);
    }
  }
  const answer = () => batch.map((a) => moved.get(a.projector.name) ?? known.get(a.projector.name)!);
  if (moved.size === 0) return answer();

  const names = [...moved.keys()].sort();
  const list = names.map(literal).join(', ');
  const expected = names.map((n) => `(${literal(n)}, ${position(known.get(n)!)})`).join(', ');
  // The commit waits for the disk like every other (decision 478): a commit lost in a crash would
  // move the checkpoint back behind events this runner has already passed, and nothing would
  // bring them again.
  const guard = `do $guard$ begin
  perform 1 from projection_checkpoints where name in (${list}) order by name for update;
  if (select count(*) from projection_checkpoints where (name, position) in (${expected})) <> ${names.length} then
    raise exception 'read-model checkpoints moved since this runner read them';
  end if;
end $guard$`;
  const move = `update projection_checkpoints c set position = v.position
  from (values ${names.map((n) => `(${literal(n)}, ${position(moved.get(n)!)}::bigint)`).join(', ')}) as v(name, position) where c.name = v.name`;
  try {
    await connection.query([guard, ...statements, move].join(';\n'));
  } catch {
    // The guard, or a write that fails: nothing of the message stayed. The transaction tries
    // again from the checkpoints as they are, and tells a real failure.
    return undefined;
  }
  return answer();
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
export function gatheredBatches(db: Kysely<Database>, options: { oneMessage?: OneMessage | undefined } = {}): BatchApply {
  interface Asked {
    projector: Projector;
    events: readonly RecordedEvent[];
    resolve(checkpoint: number): void;
    reject(error: unknown): void;
  }
  let asked: Asked[] = [];
  let scheduled = false;
  let inFlight = false;
  /**
   * Checkpoints as this applier last committed or read them under their lock (decision 471): the
   * latest answer, not the highest, so a checkpoint a rebuild's swap set elsewhere is taken up.
   */
  const known = new Map<string, number>();
  const settled = (name: string, checkpoint: number) => known.set(name, checkpoint);

  async function flush() {
    scheduled = false;
    if (inFlight || asked.length === 0) return;
    inFlight = true;
    const batch = asked;
    asked = [];
    try {
      const checkpoints = (options.oneMessage && (await applyInOneMessage(db, options.oneMessage, batch, known))) || (await applyTogether(db, batch));
      batch.forEach((a, i) => settled(a.projector.name, checkpoints[i]!));
      batch.forEach((a, i) => a.resolve(checkpoints[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else
        for (const a of batch)
          await applyEvents(db, a.projector, a.events).then((checkpoint) => {
            settled(a.projector.name, checkpoint);
            a.resolve(checkpoint);
          }, a.reject);
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

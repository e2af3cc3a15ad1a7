import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Reads and moves projector checkpoints. Moving one always happens inside the transaction
 * that applied the events, so the read model and its checkpoint never disagree.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Creates the checkpoint row at 0 if this projector has never run. */
export function ensureCheckpoint(db: Db, name: string): Promise<void> {
  return ensureCheckpoints(db, [name]);
}

/** Creates at 0 the checkpoint rows of those projectors that have never run, in one statement. */
export async function ensureCheckpoints(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('projection_checkpoints')
    .values(names.map((name) => ({ name, position: 0 })))
    .onConflict((c) => c.column('name').doNothing())
    .execute();
}

/**
 * The projector's checkpoint, locking its row until the transaction ends: two runners of the
 * same projector (two processes sharing a durable consumer) then apply each event once.
 */
export async function lockCheckpoint(trx: Transaction<Database>, name: string): Promise<number> {
  const row = await trx.selectFrom('projection_checkpoints').select('position').where('name', '=', name).forUpdate().executeTakeFirst();
  return row ? Number(row.position) : 0;
}

/** Several projectors' checkpoints, each row locked until the transaction ends (a rebuild applies them all at once). */
export async function lockCheckpoints(trx: Transaction<Database>, names: readonly string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>(names.map((n) => [n, 0]));
  if (names.length === 0) return result;
  const rows = await trx
    .selectFrom('projection_checkpoints')
    .select(['name', 'position'])
    .where('name', 'in', [...names])
    .orderBy('name')
    .forUpdate()
    .execute();
  for (const row of rows) result.set(row.name, Number(row.position));
  return result;
}

export function saveCheckpoint(trx: Transaction<Database>, name: string, position: number): Promise<void> {
  return saveCheckpoints(trx, [name], position);
}

/** Sets several projectors' checkpoints to `position`, in one statement (a rebuild's swap). */
export async function saveCheckpoints(trx: Transaction<Database>, names: readonly string[], position: number): Promise<void> {
  if (names.length === 0) return;
  await trx
    .insertInto('projection_checkpoints')
    .values(names.map((name) => ({ name, position })))
    .onConflict((c) => c.column('name').doUpdateSet({ position }))
    .execute();
}

/**
 * Moves a checkpoint to `position` unless it is there already, in one statement: for a batch
 * that changes nothing in the read model. A runner applying the same events under the row lock
 * meanwhile is not disturbed: the checkpoint only moves forward. Returns the checkpoint after.
 */
export async function moveCheckpointPast(db: Db, name: string, position: number): Promise<number> {
  return (await moveCheckpointsPast(db, [{ name, position }])).get(name) ?? 0;
}

/**
 * Moves several checkpoints forward (never back) in one statement; answers each one's position
 * after it. The rows are locked in name order, the order every multi-checkpoint lock here takes,
 * so two processes moving overlapping sets never deadlock.
 */
export async function moveCheckpointsPast(db: Db, moves: readonly { name: string; position: number }[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (moves.length === 0) return result;
  const { rows } = await sql<{ name: string; position: string | number }>`
    with wanted as (select * from unnest(${moves.map((m) => m.name)}::text[], ${moves.map((m) => m.position)}::bigint[]) as w(name, position)),
         locked as (select c.name from projection_checkpoints c join wanted w on w.name = c.name order by c.name for update of c)
    update projection_checkpoints c set position = greatest(c.position, w.position)
      from wanted w where w.name = c.name and c.name in (select name from locked)
    returning c.name, c.position`.execute(db);
  for (const row of rows) result.set(row.name, Number(row.position));
  return result;
}

/** Checkpoints by projector name; a projector that never ran reads 0. */
export async function readCheckpoints(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>(names.map((n) => [n, 0]));
  if (names.length === 0) return result;
  const rows = await db
    .selectFrom('projection_checkpoints')
    .select(['name', 'position'])
    .where('name', 'in', [...names])
    .execute();
  for (const row of rows) result.set(row.name, Number(row.position));
  return result;
}

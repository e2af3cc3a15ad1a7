import type pg from 'pg';

/**
 * Whether this database's event positions still work: they are built from the cluster's
 * transaction ids (store.ts), so a database restored into ANOTHER cluster with pg_dump, whose
 * transaction ids start low again, would hide every stored event from readers and number new
 * events below them (decision 198). Then the newest stored position is at or above the
 * floor of the next transaction. Answers the reason to refuse, or null.
 *
 * Asked before any migration runs (decision 553): a refused copy is left exactly as it was
 * restored. A database without the events table or its position floor yet (a new one, or one
 * from before decision 040) has nothing to refuse.
 */
export async function restoredClusterProblem(pool: pg.Pool): Promise<string | null> {
  const { rows: present } = await pool.query<{ ready: boolean }>(
    `select to_regclass('events') is not null and exists (select 1 from pg_proc where proname = 'events_position_floor') as ready`,
  );
  if (!present[0]?.ready) return null;
  const { rows } = await pool.query<{ head: string; next: string }>(
    `select coalesce(max(position), 0)::text as head, events_position_floor(pg_snapshot_xmax(pg_current_snapshot()))::text as next from events`,
  );
  const { head, next } = rows[0]!;
  if (BigInt(head) < BigInt(next)) return null;
  return (
    'this database was copied from another PostgreSQL cluster (pg_dump/pg_restore or a file copy of one database): ' +
    `its events (up to position ${head}) are numbered from that cluster's transaction ids and would all be hidden here. ` +
    "A logical dump cannot carry the log's order. Restore either the event log with `npm run events:import` from an `npm run events:export` file into an empty database, " +
    'or a physical backup of the whole cluster (pg_basebackup with archived WAL, or pgBackRest, barman, CloudNativePG) (docs/operations.md, "Backups").'
  );
}

/** Events one append may hold: the room each transaction id has in the position space. */

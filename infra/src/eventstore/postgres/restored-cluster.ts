import type pg from 'pg';

/**
 * Whether this database's event positions still work: they are built from the cluster's
 * transaction ids (store.ts), so a database restored into ANOTHER cluster with pg_dump, whose
 * transaction ids start low again, would hide every stored event from readers and number new
 * events below them (issue 28 finding 4). Then the newest stored position is at or above the
 * floor of the next transaction. Answers the reason to refuse, or null.
 */
export async function restoredClusterProblem(pool: pg.Pool): Promise<string | null> {
  const { rows } = await pool.query<{ head: string; next: string }>(
    `select coalesce(max(position), 0)::text as head, events_position_floor(pg_snapshot_xmax(pg_current_snapshot()))::text as next from events`,
  );
  const { head, next } = rows[0]!;
  if (BigInt(head) < BigInt(next)) return null;
  return (
    'this database was copied from another PostgreSQL cluster (pg_dump/pg_restore or a file copy of one database): ' +
    `its events (up to position ${head}) are numbered from that cluster's transaction ids and would all be hidden here. ` +
    'Restore a backup with `npm run events:import` from an `npm run events:export` file into an empty database instead (docs/operations.md, "Backups").'
  );
}

/** Events one append may hold: the room each transaction id has in the position space. */

import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { POSITIONS_PER_TRANSACTION } from './tables';

/** Rows written per statement. */
const BATCH = 500;

/**
 * Writes an exported log into an EMPTY `events` table as it was recorded (decision 553): each
 * event at its position, with its revision and its recorded time, so the history after a restore
 * shows when things happened and an export of the restored store is the file it came from,
 * byte for byte. The caller has checked the lines (positions increasing, revisions in order, ids
 * unique) and that the store is empty.
 *
 * One transaction: a restore that fails leaves the table empty. At its end the position floor
 * (decision 040) is set again above the restored positions, from this transaction's id, so every
 * later append lands above them and readers never see a new event below an old checkpoint.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function restoreEvents(db: Kysely<any>, events: readonly RecordedEvent[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < events.length; i += BATCH) {
      const batch = events.slice(i, i + BATCH);
      await sql`
        insert into events (position, event_id, stream_id, revision, type, data, metadata, recorded_at)
        select * from unnest(
          ${batch.map((e) => e.position)}::bigint[], ${batch.map((e) => e.eventId)}::uuid[], ${batch.map((e) => e.streamId)}::text[],
          ${batch.map((e) => e.revision)}::bigint[], ${batch.map((e) => e.type)}::text[],
          ${batch.map((e) => JSON.stringify(e.data ?? null))}::jsonb[], ${batch.map((e) => JSON.stringify(e.metadata))}::jsonb[],
          ${batch.map((e) => e.recordedAt.toISOString())}::timestamptz[]
        )`.execute(trx);
    }
    const { rows } = await sql<{ base: string; xid: string }>`
      select (coalesce(max(position), 0) + 1)::text as base, pg_current_xact_id()::text as xid from events
    `.execute(trx);
    const { base, xid } = rows[0]!;
    await sql`
      create or replace function events_position_floor(p_xid xid8) returns bigint
        language sql immutable parallel safe
        return ${sql.lit(base)}::bigint + ((p_xid::text)::bigint - ${sql.lit(xid)}::bigint) * ${sql.lit(POSITIONS_PER_TRANSACTION)}
    `.execute(trx);
  });
}

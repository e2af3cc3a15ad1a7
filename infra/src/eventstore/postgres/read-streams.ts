import type pg from 'pg';
import type { RecordedEvent, StreamFrom } from '@moncafe/domain/ports';
import { COLUMNS, toRecorded, type EventRow } from './tables';

/**
 * Several streams, each from its own revision, in one statement: each stream is one walk of the
 * unique (stream_id, revision) index, as `readStream` takes it, so the seating ledgers of a
 * three-month calendar cost one round trip instead of one each (decision 479). Like
 * `readStream`, an event still held back from readers of all streams is read.
 */
export async function readStreams(pool: pg.Pool, from: readonly StreamFrom[]): Promise<Map<string, RecordedEvent[]>> {
  const read = new Map<string, RecordedEvent[]>(from.map((f) => [f.streamId, []]));
  if (from.length === 0) return read;
  const { rows } = await pool.query<EventRow>({
    name: 'moncafe-read-streams',
    text: `select ${COLUMNS} from events
             join unnest($1::text[], $2::bigint[]) as wanted(s, r) on stream_id = wanted.s and revision >= wanted.r
            order by stream_id, revision`,
    values: [from.map((f) => f.streamId), from.map((f) => f.fromRevision)],
  });
  for (const row of rows) read.get(row.stream_id)?.push(toRecorded(row));
  return read;
}

import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { COLUMNS, toRecorded, type EventRow } from './tables';

/**
 * Every committed event of the stream, also one still held back from readers of all streams:
 * a command must decide on the whole stream.
 */
export async function readStream(pool: pg.Pool, streamId: string, readOptions?: Parameters<EventStore['readStream']>[1]): Promise<RecordedEvent[]> {
  const { rows } = await pool.query<EventRow>({
    name: 'moncafe-read-stream',
    text: `select ${COLUMNS} from events where stream_id = $1 and revision >= $2 order by revision limit $3`,
    values: [streamId, readOptions?.fromRevision ?? 0, readOptions?.maxCount ?? null],
  });
  return rows.map(toRecorded);
}

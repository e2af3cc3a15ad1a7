import type pg from 'pg';
import type { ReadAllOptions, RecordedEvent } from '@moncafe/domain/ports';
import { COLUMNS, toRecorded, type EventRow, type Statement } from './tables';

/**
 * The statement that reads events after `after`, in position order. Subscriptions read every
 * event (the first form); a rebuild reads up to a position and, for a lane of projectors that
 * declare them, only their streams' categories (walking the position index: the statistics of
 * the migration `events-category-statistics` tell PostgreSQL how many rows the filter keeps).
 */
export function readAllStatement({ after = 0, maxCount, upTo, categories }: ReadAllOptions = {}): Statement {
  return upTo === undefined && categories === undefined
    ? {
        name: 'moncafe-read-all',
        text: `select ${COLUMNS} from events where position > $1 and position < events_visible_bound() order by position limit $2`,
        values: [after, maxCount ?? null],
      }
    : {
        name: 'moncafe-read-all-of',
        text: `select ${COLUMNS} from events
                where position > $1 and position < events_visible_bound()
                  and ($3::bigint is null or position <= $3)
                  and ($4::text[] is null or split_part(stream_id, '-', 1) = any($4::text[]))
                order by position limit $2`,
        values: [after, maxCount ?? null, upTo ?? null, categories ?? null],
      };
}

/** Events of all streams a reader may see (none held back), in position order. */
export async function readAll(pool: pg.Pool, readOptions?: ReadAllOptions): Promise<RecordedEvent[]> {
  const { rows } = await pool.query<EventRow>(readAllStatement(readOptions));
  return rows.map(toRecorded);
}

/**
 * The statement of `heldBack`. max() walks the position index from its end: one row, whatever the
 * log's size. `exists (… where position > $1)` ran as a generic plan once the table had
 * statistics: a scan that, finding nothing after the last event, read the whole table (7 ms at
 * 200,000 narrow rows, tens at 100,000 events), on every idle re-read of every subscription.
 */
export function heldBackStatement(after: number): Statement {
  return { name: 'moncafe-held-back', text: 'select coalesce((select max(position) from events), 0) > $1 as held', values: [after] };
}

/**
 * True while an event after `after` is committed: held back behind a transaction that began
 * before it and is still open, or committed since the reader's last read (which this query's
 * newer snapshot sees and that read did not).
 */
export async function heldBack(pool: pg.Pool, after: number): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>(heldBackStatement(after));
  return rows[0]?.held === true;
}

/** The newest event a reader of all streams can see: one held back is not "now" yet. */
export async function headPosition(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ head: number }>({
    name: 'moncafe-head-position',
    text: 'select coalesce(max(position), 0) as head from events where position < events_visible_bound()',
    values: [],
  });
  return Number(rows[0]?.head ?? 0);
}

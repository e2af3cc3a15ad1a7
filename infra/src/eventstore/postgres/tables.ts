import type { EventMetadata, RecordedEvent } from '@moncafe/domain/ports';

/** Events one append may hold: the room each transaction id has in the position space. */
export const POSITIONS_PER_TRANSACTION = 4096;

/** Channel appends are announced on (after they commit), so readers in other processes wake at once. */
export const EVENTS_CHANNEL = 'moncafe_events';

/** How the LISTEN connection shows up in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'moncafe-events-listener';

/** Constraint names of the events table (created by the first migration). */
export const STREAM_REVISION_KEY = 'events_stream_revision_key';
export const POSITION_KEY = 'events_pkey';

/** A parameterized statement with a name, so each connection parses and plans it once. */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

export interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** Milliseconds since the epoch: a number is parsed several times faster than a timestamp's text. */
  recorded_at: number;
}

/** The columns every read selects, in the shape of `EventRow`. */
export const COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, floor(extract(epoch from recorded_at) * 1000)::float8 as recorded_at';

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    // int8 is parsed as a number by connection.ts; Number() keeps this right if a pool without that parser is passed.
    revision: Number(row.revision),
    position: Number(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at),
  };
}

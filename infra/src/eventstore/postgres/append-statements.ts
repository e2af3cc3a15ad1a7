import type { ExpectedRevision, NewEvent } from '@moncafe/domain/ports';
import type { Statement } from './tables';

// The stream's current revision is read in the same statement: the insert happens only when it
// is the expected one, and the unique (stream, revision) key turns a race between two appends
// that read the same revision into an error for the later one.
const CURRENT_REVISION = '(select coalesce(max(revision), -1) as revision from events where stream_id = $1) c';
const EXPECTED = '$3::bigint is null or $3::bigint = c.revision';

/**
 * The statement that appends `events` to a stream, as its own transaction. Exported for the
 * tests that hold an append open inside a transaction; the store is its only other user.
 * `expected`: null = any, -1 = no stream, n = the revision of the stream's last event. When the
 * stream is not at the expected revision it inserts nothing and returns no rows.
 */
export function appendStatement(streamId: string, events: readonly NewEvent[], expected: number | null): Statement {
  if (events.length === 1) {
    const [e] = events as [NewEvent];
    return {
      name: 'moncafe-append-one',
      text: `insert into events (position, event_id, stream_id, revision, type, data, metadata)
             select events_position_floor(pg_current_xact_id()), $2::uuid, $1::text, c.revision + 1, $4::text, $5::jsonb, $6::jsonb
               from ${CURRENT_REVISION}
              where ${EXPECTED}
             returning position, revision`,
      // pg would turn a JS array inside `data` into a PostgreSQL array literal: JSON goes as text.
      values: [streamId, e.eventId, expected, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.metadata)],
    };
  }
  return {
    name: 'moncafe-append-many',
    text: `insert into events (position, event_id, stream_id, revision, type, data, metadata)
           select events_position_floor(pg_current_xact_id()) + x.ord - 1, x.event_id, $1::text, c.revision + x.ord, x.type, x.data, x.metadata
             from ${CURRENT_REVISION},
                  unnest($2::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality as x(event_id, type, data, metadata, ord)
            where ${EXPECTED}
           returning position, revision`,
    values: [
      streamId,
      events.map((e) => e.eventId),
      expected,
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata)),
    ],
  };
}

/** One append waiting to go out with others (different streams) in one statement. */
export interface QueuedAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: number | null;
}

/**
 * Appends to several different streams as ONE statement and transaction: the appends that
 * arrived while earlier ones were on their way (group commit, one round trip for all of them).
 * Each append still inserts all of its events or none — only when its own stream is at its
 * expected revision; the others go on. Returns the rows inserted, by stream.
 */
export function groupStatement(group: readonly QueuedAppend[]): Statement {
  const rows = group.flatMap((a) => a.events.map((e, i) => ({ a, e, i })));
  return {
    name: 'moncafe-append-group',
    text: `with input as (
             select * from unnest($1::text[], $2::bigint[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[]) with ordinality
               as x(stream_id, expected, ordinal, event_id, type, data, metadata, ord)
           ), current as (
             select s.stream_id, coalesce((select max(e.revision) from events e where e.stream_id = s.stream_id), -1) as revision
               from (select distinct stream_id from input) s
           )
           insert into events (position, event_id, stream_id, revision, type, data, metadata)
           select events_position_floor(pg_current_xact_id()) + i.ord - 1, i.event_id, i.stream_id, c.revision + i.ordinal, i.type, i.data, i.metadata
             from input i join current c on c.stream_id = i.stream_id
            where i.expected is null or i.expected = c.revision
           returning stream_id, position, revision`,
    values: [
      rows.map((r) => r.a.streamId),
      rows.map((r) => r.a.expected),
      rows.map((r) => r.i + 1),
      rows.map((r) => r.e.eventId),
      rows.map((r) => r.e.type),
      rows.map((r) => JSON.stringify(r.e.data ?? null)),
      rows.map((r) => JSON.stringify(r.e.metadata)),
    ],
  };
}

/** `any` → null, `no_stream` → -1, a revision as it is: what the statements compare with. */
export function expectedNumber(expected: ExpectedRevision): number | null {
  return expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;
}

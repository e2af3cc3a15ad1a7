import type pg from 'pg';
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent } from '@moncafe/domain/ports';
import { appendStatement, expectedNumber, groupStatement, type QueuedAppend } from './append-statements';
import { POSITION_KEY, POSITIONS_PER_TRANSACTION, STREAM_REVISION_KEY } from './tables';

/** Append statements on their way at once; later appends wait and go out together (group commit). */
const MAX_APPENDS_IN_FLIGHT = 2;
/** Retries of an `any` append that raced another append to the same stream for the same revision. */
const ANY_APPEND_ATTEMPTS = 50;

/** The append's result from the rows it inserted: its last revision and position. */
function resultOf(rows: readonly { position: number; revision: number }[]): AppendResult {
  let last = rows[0]!;
  for (const row of rows) if (Number(row.revision) > Number(last.revision)) last = row;
  return { nextExpectedRevision: Number(last.revision), lastPosition: Number(last.position) };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}

async function currentRevision(pool: pg.Pool, streamId: string): Promise<number> {
  const { rows } = await pool.query<{ revision: number }>({
    name: 'moncafe-current-revision',
    text: 'select coalesce(max(revision), -1) as revision from events where stream_id = $1',
    values: [streamId],
  });
  return Number(rows[0]?.revision ?? -1);
}

async function conflict(pool: pg.Pool, streamId: string, expected: ExpectedRevision): Promise<never> {
  const actual = await currentRevision(pool, streamId);
  throw new WrongExpectedRevisionError(streamId, expected, actual === -1 ? 'no_stream' : actual);
}

/** One append as its own statement; the way every append goes when nothing else waits. */
async function appendAlone(pool: pg.Pool, streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
  const statement = appendStatement(streamId, events, expectedNumber(expected));
  for (let attempt = 1; ; attempt++) {
    let rows: { position: number; revision: number }[];
    try {
      ({ rows } = await pool.query<{ position: number; revision: number }>(statement));
    } catch (error) {
      if (isUniqueViolation(error, STREAM_REVISION_KEY)) {
        // Another append to the stream committed the same revision first.
        if (expected === 'any' && attempt < ANY_APPEND_ATTEMPTS) continue;
        return conflict(pool, streamId, expected);
      }
      if (isUniqueViolation(error, POSITION_KEY)) {
        throw new Error('two appends in one transaction: every append must be its own transaction (docs/decisions/040)', { cause: error });
      }
      throw error;
    }
    if (rows.length === 0) return conflict(pool, streamId, expected);
    return resultOf(rows);
  }
}

interface Waiting extends QueuedAppend {
  expectedRevision: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * A store's appends, with group commit: up to MAX_APPENDS_IN_FLIGHT statements on their way;
 * appends that arrive meanwhile wait and go out together, one statement for appends to
 * different streams.
 */
export function createAppender(pool: pg.Pool): (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision) => Promise<AppendResult> {
  let waiting: Waiting[] = [];
  let inFlight = 0;

  function pump() {
    while (inFlight < MAX_APPENDS_IN_FLIGHT && waiting.length > 0) {
      const group: Waiting[] = [];
      const later: Waiting[] = [];
      const streams = new Set<string>();
      let events = 0;
      for (const w of waiting) {
        // Two appends to one stream would read the same revision: the second waits for the next group.
        if (streams.has(w.streamId) || events + w.events.length > POSITIONS_PER_TRANSACTION) later.push(w);
        else {
          group.push(w);
          streams.add(w.streamId);
          events += w.events.length;
        }
      }
      waiting = later;
      inFlight++;
      void send(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  async function send(group: Waiting[]) {
    if (group.length === 1) {
      const [only] = group as [Waiting];
      await appendAlone(pool, only.streamId, only.events, only.expectedRevision).then(only.resolve, only.reject);
      return;
    }
    let rows: { stream_id: string; position: number; revision: number }[];
    try {
      ({ rows } = await pool.query<{ stream_id: string; position: number; revision: number }>(groupStatement(group)));
    } catch {
      // One append of the group broke a key (a race with another process, a repeated event id):
      // each goes again on its own and hears its own answer.
      await Promise.all(group.map((w) => appendAlone(pool, w.streamId, w.events, w.expectedRevision).then(w.resolve, w.reject)));
      return;
    }
    const byStream = new Map<string, { position: number; revision: number }[]>();
    for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
    await Promise.all(
      group.map(async (w) => {
        const inserted = byStream.get(w.streamId);
        if (inserted) w.resolve(resultOf(inserted));
        else await conflict(pool, w.streamId, w.expectedRevision).catch(w.reject);
      }),
    );
  }

  return function append(streamId, events, expected) {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    if (events.length > POSITIONS_PER_TRANSACTION)
      return Promise.reject(new Error(`an append holds at most ${POSITIONS_PER_TRANSACTION} events, got ${events.length}`));
    return new Promise((resolve, reject) => {
      waiting.push({ streamId, events, expected: expectedNumber(expected), expectedRevision: expected, resolve, reject });
      pump();
    });
  };
}

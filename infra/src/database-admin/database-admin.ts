import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { EventStore, NewEvent, RecordedEvent } from '@moncafe/domain/ports';
import { readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import type { Projector } from '@moncafe/projections/projector';
import { rebuildInShadow, type RebuildProgress } from '../projection-runner/shadow-rebuild';
import { audit } from '../auth/audit';
import { restoreEvents } from '../eventstore/postgres/restore';
import type { ExportedKey, PersonalKeyStore } from '../privacy/personal-keys';

/**
 * The admin's database screen (/admin/database) as one service: each read model's checkpoint and
 * lag, rebuilds while the system runs (decision 141), the event log exported as NDJSON and an
 * NDJSON log imported into an empty system (decision 142). Routes and tests call the same object.
 */

export type DatabaseAdminErrorCode = 'busy' | 'unknown_read_model' | 'store_not_empty' | 'invalid_line' | 'empty_file';

export class DatabaseAdminError extends Error {
  constructor(
    readonly code: DatabaseAdminErrorCode,
    /** For `invalid_line`: the 1-based line number and what is wrong with it. */
    readonly detail: { line?: number; reason?: string; names?: string[] } = {},
  ) {
    super(`${code}${detail.line ? ` at line ${detail.line}` : ''}${detail.reason ? `: ${detail.reason}` : ''}`);
    this.name = 'DatabaseAdminError';
  }
}

export interface ReadModelStatus {
  name: string;
  tables: readonly string[];
  checkpoint: number;
  /** Events in the store past the checkpoint, counted up to LAG_CAP (then "at least"). */
  behind: number;
  /** The lag is at least `behind` (counting stopped there). */
  capped: boolean;
}

export interface OperationState {
  kind: 'rebuild' | 'import';
  names: string[];
  status: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  progress: RebuildProgress | null;
  /** Events imported (import only). */
  imported: number;
  error: string | null;
}

export interface DatabaseStatus {
  head: number;
  readModels: ReadModelStatus[];
  operation: OperationState | null;
}

const LAG_CAP = 1000;

/** One line of the exported log: the event with its place in the old store. */
const exportedEventSchema = z.strictObject({
  position: z.number().int().nonnegative(),
  eventId: z.uuid(),
  streamId: z.string().min(1).max(500),
  revision: z.number().int().nonnegative(),
  type: z.string().min(1).max(200),
  data: z.unknown(),
  metadata: z.strictObject({
    correlationId: z.string(),
    causationId: z.string().nullable(),
    actor: z.string().min(1),
    storeId: z.string().nullable(),
    /** The appending span's W3C trace context, when that process traced (decision 646). */
    traceparent: z.string().max(256).optional(),
  }),
  recordedAt: z.iso.datetime({ offset: true }),
});
export type ExportedEvent = z.infer<typeof exportedEventSchema>;

/**
 * A person's data key, after the events (decision 184): sealed by SECRETS_KEY as stored, so the
 * file opens personal fields only where the same SECRETS_KEY runs; null once the person is forgotten.
 */
const exportedKeySchema = z.strictObject({
  personalKey: z.strictObject({ subject: z.string().min(1).max(300), sealedKey: z.string().max(1000).nullable(), erasedAt: z.iso.datetime().nullable() }),
});

export interface DatabaseAdmin {
  status(): Promise<DatabaseStatus>;
  /** Starts a rebuild of the named read models (all when empty) and returns at once; `operation` in status() follows it. */
  startRebuild(names: readonly string[]): OperationState;
  /** The same, awaited (tests and the CLI). */
  rebuild(names: readonly string[]): Promise<OperationState>;
  /** The whole event log, one JSON line per event, in position order, read page by page. */
  /** `by`: who asked (the audit line, written when the last line is taken). */
  exportLines(by?: string): AsyncGenerator<string>;
  /** Imports NDJSON lines into an empty store (all lines checked first), then rebuilds every read model. */
  importLines(lines: AsyncIterable<string> | Iterable<string>): Promise<{ imported: number }>;
}

export function createDatabaseAdmin(deps: {
  db: Kysely<Database>;
  /** The PostgreSQL server's pool behind `db` (none for PGlite): rebuilds then hold a connection per lane and COPY (decision 143). */
  serverPool?: pg.Pool | undefined;
  eventStore: EventStore;
  /**
   * The store as it keeps events, personal fields sealed (decision 180): the export reads it and
   * the import writes through it, so a file never holds them in the clear. `eventStore` without one.
   */
  sealedEventStore?: EventStore | undefined;
  /** The persons' data keys: exported after the events and restored by an import. */
  personalKeys?: Pick<PersonalKeyStore, 'exportRows' | 'restore'> | undefined;
  /** The events' table, when `eventStore` keeps them in `db`'s database (`eventsTableOf`; decision 144). */
  eventsTable?: string | undefined;
  projectors: readonly Projector[];
  logger?: Logger | undefined;
  now?: () => Date;
}): DatabaseAdmin {
  const { db, eventStore, projectors, logger, serverPool, eventsTable } = deps;
  const now = deps.now ?? (() => new Date());
  const storedEvents = deps.sealedEventStore ?? eventStore;
  let operation: OperationState | null = null;
  let running: Promise<unknown> | null = null;

  function chosen(names: readonly string[]): Projector[] {
    if (names.length === 0) return [...projectors];
    const unknown = names.filter((n) => !projectors.some((p) => p.name === n));
    if (unknown.length > 0) throw new DatabaseAdminError('unknown_read_model', { names: unknown });
    return projectors.filter((p) => names.includes(p.name));
  }

  function begin(kind: OperationState['kind'], names: string[]): OperationState {
    if (running) throw new DatabaseAdminError('busy');
    operation = { kind, names, status: 'running', startedAt: now().toISOString(), finishedAt: null, progress: null, imported: 0, error: null };
    return operation;
  }

  function finish(state: OperationState, error: unknown) {
    state.status = error ? 'failed' : 'done';
    state.error = error ? (error instanceof Error ? error.message : String(error)) : null;
    state.finishedAt = now().toISOString();
  }

  async function runRebuild(state: OperationState, chosenProjectors: Projector[]) {
    await rebuildInShadow({
      db,
      serverPool,
      eventStore,
      eventsTable,
      projectors: chosenProjectors,
      logger,
      onProgress: (progress) => {
        state.progress = progress;
      },
    });
  }

  function track<T>(state: OperationState, work: Promise<T>): Promise<T> {
    const done = work.then(
      (value) => {
        finish(state, null);
        return value;
      },
      (error: unknown) => {
        finish(state, error);
        // A refusal (busy, a bad line, a store not empty) is the caller's answer, not a failure.
        if (error instanceof DatabaseAdminError) logger?.info({ operation: state.kind, refused: error.message }, 'database operation refused');
        else logger?.error({ err: error, operation: state.kind }, 'database operation failed');
        throw error;
      },
    );
    running = done.finally(() => {
      running = null;
    });
    running.catch(() => undefined);
    return done;
  }

  async function readLines(lines: AsyncIterable<string> | Iterable<string>): Promise<{ events: ExportedEvent[]; keys: ExportedKey[] }> {
    const events: ExportedEvent[] = [];
    const keys: ExportedKey[] = [];
    const revisions = new Map<string, number>();
    const ids = new Set<string>();
    let lineNumber = 0;
    let lastPosition = -1;
    for await (const raw of lines) {
      lineNumber++;
      const line = raw.trim();
      if (line === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new DatabaseAdminError('invalid_line', { line: lineNumber, reason: 'not JSON' });
      }
      if (typeof json === 'object' && json !== null && 'personalKey' in json) {
        const key = exportedKeySchema.safeParse(json);
        if (!key.success) throw new DatabaseAdminError('invalid_line', { line: lineNumber, reason: `personalKey: ${key.error.issues[0]!.message}` });
        keys.push(key.data.personalKey);
        continue;
      }
      const parsed = exportedEventSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new DatabaseAdminError('invalid_line', { line: lineNumber, reason: `${issue.path.join('.') || 'line'}: ${issue.message}` });
      }
      const event = parsed.data;
      if (event.position <= lastPosition) throw new DatabaseAdminError('invalid_line', { line: lineNumber, reason: 'positions must increase' });
      lastPosition = event.position;
      const expected = (revisions.get(event.streamId) ?? -1) + 1;
      if (event.revision !== expected)
        throw new DatabaseAdminError('invalid_line', { line: lineNumber, reason: `${event.streamId}: revision ${event.revision}, expected ${expected}` });
      revisions.set(event.streamId, event.revision);
      if (ids.has(event.eventId)) throw new DatabaseAdminError('invalid_line', { line: lineNumber, reason: `event id ${event.eventId} repeated` });
      ids.add(event.eventId);
      events.push(event);
    }
    if (events.length === 0) throw new DatabaseAdminError('empty_file');
    return { events, keys };
  }

  async function isEmpty(): Promise<boolean> {
    return (await eventStore.readAll({ after: 0, maxCount: 1 })).length === 0;
  }

  const admin: DatabaseAdmin = {
    async status() {
      const head = await eventStore.headPosition();
      const checkpoints = await readCheckpoints(
        db,
        projectors.map((p) => p.name),
      );
      const readModels: ReadModelStatus[] = [];
      // Read models at the same checkpoint (the usual case) share one count.
      const counted = new Map<number, number>();
      for (const projector of projectors) {
        const checkpoint = checkpoints.get(projector.name) ?? 0;
        let behind = checkpoint >= head ? 0 : counted.get(checkpoint);
        if (behind === undefined) {
          behind = (await eventStore.readAll({ after: checkpoint, maxCount: LAG_CAP })).length;
          counted.set(checkpoint, behind);
        }
        readModels.push({ name: projector.name, tables: projector.tables, checkpoint, behind, capped: behind >= LAG_CAP });
      }
      return { head, readModels, operation: operation && structuredClone(operation) };
    },

    startRebuild(names) {
      const list = chosen(names);
      const state = begin(
        'rebuild',
        list.map((p) => p.name),
      );
      void track(state, runRebuild(state, list)).catch(() => undefined);
      return structuredClone(state);
    },

    async rebuild(names) {
      const list = chosen(names);
      const state = begin(
        'rebuild',
        list.map((p) => p.name),
      );
      await track(state, runRebuild(state, list));
      return structuredClone(state);
    },

    async *exportLines(by) {
      let after = 0;
      let events = 0;
      let bytes = 0;
      for (;;) {
        const page = await storedEvents.readAll({ after, maxCount: 1000 });
        for (const event of page) {
          const line = `${JSON.stringify(exportedLine(event))}\n`;
          events += 1;
          bytes += Buffer.byteLength(line);
          yield line;
        }
        if (page.length < 1000) break;
        after = page.at(-1)!.position;
      }
      let keys = 0;
      if (deps.personalKeys) {
        for await (const personalKey of deps.personalKeys.exportRows()) {
          const line = `${JSON.stringify({ personalKey })}\n`;
          keys += 1;
          bytes += Buffer.byteLength(line);
          yield line;
        }
      }
      if (logger) audit(logger, 'event_log_exported', { accountId: by ?? null, events, keys, bytes, at: now().toISOString() });
    },

    async importLines(lines) {
      const state = begin('import', []);
      return track(
        state,
        (async () => {
          // Every line is checked before anything is written: a bad line imports nothing.
          const { events, keys } = await readLines(lines);
          if (!(await isEmpty())) throw new DatabaseAdminError('store_not_empty');
          // The keys first: the rebuild after the appends opens the personal fields with them.
          await deps.personalKeys?.restore(keys);
          if (eventsTable) {
            // Events in this PostgreSQL: written as recorded, at their positions and times
            // (decision 553), so an export of the restored store is the file again.
            await restoreEvents(
              db,
              events.map((e) => ({ ...e, recordedAt: new Date(e.recordedAt) })),
            );
            state.imported = events.length;
            logger?.info({ events: events.length }, 'event log imported');
            await runRebuild(state, [...projectors]);
            return { imported: events.length };
          }
          // Another store (KurrentDB) numbers and stamps what it is given: in the file's order, each
          // run of one stream's events as one append at its revision, so it holds the same streams,
          // versions and order (positions and times are its own).
          for (let i = 0; i < events.length;) {
            const first = events[i]!;
            let j = i + 1;
            while (j < events.length && j - i < 500 && events[j]!.streamId === first.streamId) j++;
            const batch: NewEvent[] = events.slice(i, j).map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata }));
            await storedEvents.appendToStream(first.streamId, batch, { expectedRevision: first.revision === 0 ? 'no_stream' : first.revision - 1 });
            i = j;
            state.imported = i;
          }
          logger?.info({ events: events.length }, 'event log imported');
          await runRebuild(state, [...projectors]);
          return { imported: events.length };
        })(),
      ).catch((error: unknown) => {
        // A refusal is the caller's answer, not a failure of the system.
        if (error instanceof DatabaseAdminError && operation === state) operation = null;
        throw error;
      });
    },
  };
  return admin;
}

function exportedLine(event: RecordedEvent): ExportedEvent {
  return {
    position: event.position,
    eventId: event.eventId,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: new Date(event.recordedAt).toISOString(),
  };
}

/**
 * Splits a stream of text chunks into lines (NDJSON), holding at most one partial line. Bytes
 * that are not UTF-8 are the file's fault, refused as an invalid line like any other (they were
 * the decoder's TypeError, a 500 at the import call, found by the bad-input walk of decision 270).
 */
export async function* linesOf(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let line = 1;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new DatabaseAdminError('invalid_line', { line, reason: 'not UTF-8' });
    }
  };
  for await (const chunk of chunks) {
    rest += typeof chunk === 'string' ? chunk : decode(chunk);
    let newline = rest.indexOf('\n');
    while (newline >= 0) {
      yield rest.slice(0, newline);
      line++;
      rest = rest.slice(newline + 1);
      newline = rest.indexOf('\n');
    }
  }
  rest += decode();
  if (rest !== '') yield rest;
}

import type { RawBuilder, Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { categoryOf } from '@moncafe/domain/streams';
import type { Database } from './database';
import { rowWriter, type ReadModelRows, type RowWriterOptions } from './read-model-rows';

/**
 * A read model's projector. The runner hands it the events of a batch one by one, in position
 * order; the projector records what rows become through `rows`, and the runner writes them in
 * bulk in the transaction that also moves this projector's checkpoint, so an event is applied
 * exactly once even when the bus redelivers it or the process dies half-way.
 */
export interface Projector {
  /** Checkpoint key; stable across releases. */
  name: string;
  /** Tables this read model owns; emptied when it is rebuilt from position 0. */
  tables: readonly (keyof Database & string)[];
  apply(rows: ReadModelRows, event: RecordedEvent): Promise<void>;
  /**
   * Whether `apply` may change anything for this event — a cheap look at its stream or type, no
   * parsing. A batch with no such event only moves the checkpoint, in one statement instead of a
   * transaction. Leave it out to be handed every event: such a projector keeps a row per event and
   * only `append`s (a rebuild on a PostgreSQL server writes its rows with COPY into a copy whose
   * keys are built after the replay, decision 143).
   */
  handles?(event: Pick<RecordedEvent, 'streamId' | 'type'>): boolean;
  /**
   * With `handles`: the stream categories (`categoryOf`) of every event `handles` accepts. A
   * rebuild reads only these categories' events for a lane whose projectors all declare them,
   * and hands each projector only the events of its categories (decision 145). A test checks
   * the declaration against `handles` over the demo store's events.
   */
  categories?: readonly string[];
  /**
   * For a projector handed every event: the statement that writes the rows `apply` would write
   * for the events with `first <= position <= last`, computed by PostgreSQL from the table the
   * event store keeps them in (`events`, in the same database: the PostgreSQL store). A rebuild
   * then fills this read model's copy with one statement per page and no Node work per event
   * (decision 144). It must give exactly `apply`'s rows: the rebuild test compares them.
   */
  insertFromEvents?(events: string, first: number, last: number): RawBuilder<unknown>;
}

/** Migrations of one read model, keyed by an ISO-date-prefixed name so they sort in order. */
export type ReadModelMigrations = Record<string, Migration>;

/**
 * A migration that runs its SQL statements in order. Migrations are frozen in time, so they are
 * written as the SQL they run, never through the typed builder, which follows today's tables.
 */
export function sqlMigration(...statements: readonly RawBuilder<unknown>[]): Migration {
  return {
    async up(db) {
      for (const statement of statements) await statement.execute(db);
    },
  };
}

/** A page's events by stream category, each list in position order. */
export function byCategory(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const lists = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const category = categoryOf(event.streamId);
    const list = lists.get(category);
    if (list) list.push(event);
    else lists.set(category, [event]);
  }
  return lists;
}

/** The events of `page` of the categories `projector` declares (all of them when it declares none), in position order. */
export function eventsFor(projector: Projector, page: readonly RecordedEvent[], lists: ReadonlyMap<string, RecordedEvent[]>): readonly RecordedEvent[] {
  const { categories } = projector;
  if (!categories) return page;
  if (categories.length === 1) return lists.get(categories[0]!) ?? [];
  return categories.flatMap((c) => lists.get(c) ?? []).sort((a, b) => a.position - b.position);
}

/** Applies `events` through `projector` (only those it `handles`), recording the rows they leave in `rows`. */
export async function applyEvents(rows: ReadModelRows, projector: Projector, events: readonly RecordedEvent[]): Promise<void> {
  const { handles } = projector;
  for (const event of events) if (!handles || handles(event)) await projector.apply(rows, event);
}

/** Applies `events` through `projector` inside `trx` (only those it `handles`) and writes the rows they leave. */
export async function projectBatch(
  trx: Transaction<Database>,
  projector: Projector,
  events: readonly RecordedEvent[],
  options: RowWriterOptions = {},
): Promise<void> {
  const rows = rowWriter(trx, options);
  await applyEvents(rows, projector, events);
  await rows.flush();
}

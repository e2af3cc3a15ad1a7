import { sql, type Kysely } from 'kysely';
import type { EventStore } from '@moncafe/domain/ports';
import type { Database } from '../database';
import { redactSecrets } from './redact';

export interface HistoryFilter {
  category?: string | undefined;
  streamId?: string | undefined;
  type?: string | undefined;
  actor?: string | undefined;
  correlationId?: string | undefined;
  /** Business days (Asia/Tokyo), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Keyset: only events below this position (the previous page's last). */
  before?: number | undefined;
  limit?: number | undefined;
}

export interface HistoryEntry {
  eventId: string;
  position: number;
  streamId: string;
  category: string;
  revision: number;
  type: string;
  actor: string;
  correlationId: string;
  causationId: string | null;
  storeId: string | null;
  /** The event's data as the event store holds it, secrets removed; null if the store no longer has it. */
  data: unknown;
  recordedAt: Date;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Position to pass as `before` for the next (older) page; null on the last page. */
  next: number | null;
}

const TOKYO = '+09:00';

/** Business days a date range may span to be read by its dates first (decision 421). */
const SHORT_RANGE_DAYS = 31;

/** Both ends given, at most SHORT_RANGE_DAYS apart: the range's own events are few, however long the log. */
function isShortRange({ from, to }: HistoryFilter): boolean {
  if (!from || !to) return false;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days >= 1 && days <= SHORT_RANGE_DAYS;
}

/**
 * Newest first, filtered, one page at a time (keyset on position: the same cost on page 1 and
 * page 2,000). The shown entries' data is read from the event store in one batch (decision 420;
 * opened there as every read is, so a forgotten guest's fields read as erased), and its secrets
 * removed as it is read (decision 144).
 */
export async function historyPage(db: Kysely<Database>, events: Pick<EventStore, 'readEvents'>, filter: HistoryFilter): Promise<HistoryPage> {
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
  let query = db.selectFrom('event_history').selectAll();
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.streamId) query = query.where('stream_id', '=', filter.streamId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.correlationId) query = query.where('correlation_id', '=', filter.correlationId);
  if (filter.from) query = query.where('recorded_at', '>=', new Date(`${filter.from}T00:00:00${TOKYO}`));
  if (filter.to) query = query.where('recorded_at', '<', sql<Date>`${`${filter.to}T00:00:00${TOKYO}`}::timestamptz + interval '1 day'`);
  if (filter.before !== undefined) query = query.where('position', '<', filter.before);
  // A short date range far back is read first (its block ranges, BRIN) and then sorted: walking
  // the position index newest first would pass every newer event on the way (decision 421).
  // `offset 0` keeps PostgreSQL from folding the subquery back into that walk.
  const rows = isShortRange(filter)
    ? await db
        .selectFrom(query.offset(0).as('in_range'))
        .selectAll()
        .orderBy('position', 'desc')
        .limit(limit + 1)
        .execute()
    : await query
        .orderBy('position', 'desc')
        .limit(limit + 1)
        .execute();
  const shown = rows.slice(0, limit);
  const read = await events.readEvents(shown.map((r) => ({ streamId: r.stream_id, revision: r.revision })));
  const data = read.map((event) => (event ? redactSecrets(event.data ?? null) : null));
  const entries = shown.map((r, i) => ({
    eventId: r.event_id,
    position: Number(r.position),
    streamId: r.stream_id,
    category: r.category,
    revision: r.revision,
    type: r.type,
    actor: r.actor,
    correlationId: r.correlation_id,
    causationId: r.causation_id,
    storeId: r.store_id,
    data: data[i],
    recordedAt: new Date(r.recorded_at),
  }));
  return { entries, next: rows.length > limit ? entries.at(-1)!.position : null };
}

/** The choices of the screen's filters: every event type and stream category seen, and every actor. */
export async function historyChoices(db: Kysely<Database>): Promise<{ types: string[]; categories: string[]; actors: string[] }> {
  // Loose index scans: one index step per distinct value, not a pass over every event.
  const distinct = async (column: 'type' | 'category' | 'actor') => {
    const { rows } = await sql<{ value: string }>`
      with recursive t(value) as (
        (select ${sql.ref(column)} from event_history order by 1 limit 1)
        union all
        select (select ${sql.ref(column)} from event_history where ${sql.ref(column)} > t.value order by 1 limit 1) from t where t.value is not null
      ) select value from t where value is not null`.execute(db);
    return rows.map((r) => r.value);
  };
  return { types: await distinct('type'), categories: await distinct('category'), actors: await distinct('actor') };
}

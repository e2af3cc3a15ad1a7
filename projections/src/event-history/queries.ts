import { sql, type Kysely, type RawBuilder } from 'kysely';
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
  /**
   * For a catalog record's event, the data of the record's event before it (secrets removed), so
   * the screen can say what changed (decision 577); null for its first event and other streams.
   */
  previous: unknown;
  recordedAt: Date;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Position to pass as `before` for the next (older) page; null on the last page. */
  next: number | null;
}

const TOKYO = '+09:00';

/**
 * How far an event's recorded time may fall behind an earlier position's (decision 473): the
 * store stamps an event as its append begins and numbers it as it is written, so two appends
 * racing can land a moment out of order. A date filter searches its ends widened by this, and
 * still checks each entry's own time.
 */
const OUT_OF_ORDER_MARGIN = sql`interval '1 hour'`;

/**
 * The first position recorded at or after `at` (one past the newest if none): a binary search
 * over the position index, about 23 probes at 5,000,000 events, in the page's own statement.
 * Positions grow with time, so a date range is a range of positions (decision 473).
 */
function firstPositionRecordedFrom(at: RawBuilder<Date>) {
  return sql<number>`(with recursive s(lo, hi) as (
      select coalesce(min(position), 0), coalesce(max(position), 0) + 1 from event_history
      union all
      select case when r.position is null or r.position >= s.hi then s.lo when r.recorded_at < ${at} then r.position + 1 else s.lo end,
             case when r.position is null or r.position >= s.hi then (s.lo + s.hi) / 2 when r.recorded_at < ${at} then s.hi else r.position end
        from s left join lateral (select e.position, e.recorded_at from event_history e where e.position >= (s.lo + s.hi) / 2 order by e.position limit 1) r on true
       where s.lo < s.hi
    ) select hi from s where lo >= hi)`;
}

/** The start of a business day (Asia/Tokyo), and of the day after it. */
const dayStart = (day: string) => sql<Date>`${`${day}T00:00:00${TOKYO}`}::timestamptz`;
const dayEnd = (day: string) => sql<Date>`${`${day}T00:00:00${TOKYO}`}::timestamptz + interval '1 day'`;

/** The rows of a page: filtered, newest first, one more than the page to tell whether another follows. */
export function historyRows(db: Kysely<Database>, filter: HistoryFilter, limit: number) {
  let query = db.selectFrom('event_history').selectAll();
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.streamId) query = query.where('stream_id', '=', filter.streamId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.correlationId) query = query.where('correlation_id', '=', filter.correlationId);
  // A date range is walked as the range of positions it spans, newest first, so a week a year
  // back costs its page, not every newer event (decision 473); each entry's own time decides.
  if (filter.from) {
    query = query
      .where('position', '>=', firstPositionRecordedFrom(sql`${dayStart(filter.from)} - ${OUT_OF_ORDER_MARGIN}`))
      .where('recorded_at', '>=', dayStart(filter.from));
  }
  if (filter.to) {
    query = query
      .where('position', '<', firstPositionRecordedFrom(sql`${dayEnd(filter.to)} + ${OUT_OF_ORDER_MARGIN}`))
      .where('recorded_at', '<', dayEnd(filter.to));
  }
  if (filter.before !== undefined) query = query.where('position', '<', filter.before);
  return query.orderBy('position', 'desc').limit(limit + 1);
}

/**
 * Newest first, filtered, one page at a time (keyset on position: the same cost on page 1 and
 * page 2,000). The shown entries' data is read from the event store in one batch (decision 420;
 * opened there as every read is, so a forgotten guest's fields read as erased), and its secrets
 * removed as it is read (decision 144).
 */
export async function historyPage(db: Kysely<Database>, events: Pick<EventStore, 'readEvents'>, filter: HistoryFilter): Promise<HistoryPage> {
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
  const rows = await historyRows(db, filter, limit).execute();
  const shown = rows.slice(0, limit);
  // A catalog record's event before each shown one, read in the same batch.
  const earlier = shown.flatMap((r) => (r.category === 'catalog' && r.revision > 0 ? [{ streamId: r.stream_id, revision: r.revision - 1 }] : []));
  const read = await events.readEvents([...shown.map((r) => ({ streamId: r.stream_id, revision: r.revision })), ...earlier]);
  const data = read.map((event) => (event ? redactSecrets(event.data ?? null) : null));
  const previousOf = new Map(earlier.map((at, i) => [`${at.streamId}#${at.revision}`, data[shown.length + i]]));
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
    previous: previousOf.get(`${r.stream_id}#${r.revision - 1}`) ?? null,
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

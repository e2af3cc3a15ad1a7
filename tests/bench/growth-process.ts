import { readFile } from 'node:fs/promises';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DomainError } from '@moncafe/domain/decider';
import { addDays, tokyoDateOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { toStreamName as ledgerStream } from '@moncafe/domain/seating/events';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { cryptoIds } from '@moncafe/infra/system';
import type { HistoryFilter } from '@moncafe/projections/event-history/queries';
import { dateOf, reservationRequested, seatsHeld } from './events';
import { GENERATED_STAFF } from './generator';
import { loops, percentile, sortedCopy } from './measure';

/**
 * The growth bench's measures on the running system, in a process of its own (decision 485): the
 * product started on the database at DATABASE_URL (a grown log, SECRETS_KEY opening its guests'
 * fields), then `GROWTH_ROUNDS` rounds of `GROWTH_SECONDS` each of appends, append → read model
 * and bookings, one after the other in every round, and the owner's history filters. The bench
 * process that generated the log (and its heap) is not this one: the figures are the product's,
 * its garbage collection included, beside nothing but PostgreSQL. Prints one JSON line.
 */
export interface GrowthReport {
  /** Each round's p99, in the order measured. */
  appendP99s: number[];
  appendRate: number;
  appendIo: AppendIo;
  readModelP99s: number[];
  bookingP99s: number[];
  bookings: number;
  /** This process's garbage collection over the rounds. */
  pauses: Pauses;
  /** p99 of a page of 50 entries, and of 1 entry (where its time goes: the filter, or reading each shown entry's data). */
  history: Record<string, { page: number; one: number }>;
  /** Checks that failed here (the bench fails loudly on them). */
  failed: string[];
}

export interface AppendIo {
  /** Blocks PostgreSQL read from outside its shared buffers, per append. */
  readPerAppend: number;
  /** Buffers a backend wrote out itself to make room, per append. */
  backendWritesPerAppend: number;
  hitRatio: number;
  checkpoints: number;
  /** KiB the machine read from its disks per append: a block read outside the buffers that the operating system's cache did not hold either. */
  diskKibPerAppend: number;
  /** The events table and its indexes, and the server's shared buffers. */
  eventsBytes: number;
  sharedBuffersBytes: number;
}

export interface Pauses {
  /** Heap in use as the measuring began. */
  heapBytes: number;
  /** Pauses of a full (mark-sweep) collection: how many, the longest and their sum. */
  major: number;
  longestMs: number;
  totalMs: number;
}

/**
 * The running system as a log that grew for years finds it (decision 433): its projectors level
 * with the store, and the database vacuumed and analysed. Filling the log just now (the
 * generator, its spread over two years, the start's one-time sealing of the generated guests'
 * fields) leaves dead rows and stale statistics in proportion to its size, which autovacuum
 * takes up whenever it comes round: measured right after the start, appends at 100,000 events
 * were 3× those at 25,000; measured here, 12.0 ms against 12.4 ms.
 */
async function steadyState(runtime: Runtime, database: DatabaseHandle) {
  const started = performance.now();
  await runtime.catchUp(await runtime.eventStore.headPosition());
  await database.pool.query('vacuum (analyze)');
  // The generator's bulk writes and the vacuum left dirty pages a steady log does not have; a
  // checkpoint writing them out would land in the measured appends (decision 474).
  await database.pool.query('checkpoint');
  console.error(`growth: the runtime level with the store and the database vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface IoCounters {
  blocksRead: number;
  blocksHit: number;
  backendWrites: number;
  checkpoints: number;
  /** KiB the machine read from its disks (/proc/vmstat pgpgin, every process): 0 where unreadable. */
  diskKib: number;
}

/** KiB read from the machine's block devices so far, or 0 where /proc/vmstat cannot be read. */
async function diskReadKib(): Promise<number> {
  try {
    return Number(/^pgpgin (\d+)$/m.exec(await readFile('/proc/vmstat', 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** PostgreSQL's counters for the database's blocks and the server's buffer writes (its statistics lag by up to a second). */
async function postgresIo(database: DatabaseHandle): Promise<IoCounters> {
  const { rows } = await database.pool.query<Record<keyof IoCounters, string>>(`
    select d.blks_read as "blocksRead", d.blks_hit as "blocksHit", b.buffers_backend as "backendWrites",
           b.checkpoints_timed + b.checkpoints_req as checkpoints
      from pg_stat_database d, pg_stat_bgwriter b where d.datname = current_database()`);
  const row = rows[0]!;
  return {
    blocksRead: Number(row.blocksRead),
    blocksHit: Number(row.blocksHit),
    backendWrites: Number(row.backendWrites),
    checkpoints: Number(row.checkpoints),
    diskKib: await diskReadKib(),
  };
}

function perAppend(before: IoCounters, after: IoCounters, count: number): Omit<AppendIo, 'eventsBytes' | 'sharedBuffersBytes'> {
  const read = after.blocksRead - before.blocksRead;
  const hit = after.blocksHit - before.blocksHit;
  return {
    readPerAppend: read / Math.max(count, 1),
    backendWritesPerAppend: (after.backendWrites - before.backendWrites) / Math.max(count, 1),
    hitRatio: hit / Math.max(hit + read, 1),
    checkpoints: after.checkpoints - before.checkpoints,
    diskKibPerAppend: (after.diskKib - before.diskKib) / Math.max(count, 1),
  };
}

/** The events table with its indexes, beside the shared buffers PostgreSQL keeps its pages in. */
async function sizes(database: DatabaseHandle): Promise<Pick<AppendIo, 'eventsBytes' | 'sharedBuffersBytes'>> {
  const { rows } = await database.pool.query<{ events: string; buffers: string }>(
    `select pg_total_relation_size('events') as events, (select setting::bigint * 8192 from pg_settings where name = 'shared_buffers') as buffers`,
  );
  return { eventsBytes: Number(rows[0]!.events), sharedBuffersBytes: Number(rows[0]!.buffers) };
}

/**
 * Counts this process's garbage collection pauses until `stop`, after a full collection: what
 * starting the product left in the heap is not collected inside the first figures.
 */
function collectorPauses() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const heapBytes = process.memoryUsage().heapUsed;
  const found = { major: 0, longestMs: 0, totalMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      found.longestMs = Math.max(found.longestMs, entry.duration);
      found.totalMs += entry.duration;
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) found.major += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop(): Pauses {
      observer.disconnect();
      return { heapBytes, ...found };
    },
  };
}

/** One event per call by 8 writers, each to a ledger of its own. */
async function appends(runtime: Runtime, seconds: number, round: number) {
  return loops(8, seconds * 1000, async (w, i) => {
    await runtime.eventStore.appendToStream(ledgerStream(`growth-${round}-${w}`, dateOf(i)), [seatsHeld(i)], { expectedRevision: 'any' });
  });
}

/** From the start of an append until every read model has applied it (the read-your-writes wait), 20 a second. */
async function appendToReadModel(runtime: Runtime, seconds: number): Promise<number> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const id = cryptoIds.uuid();
    const started = performance.now();
    const appended = await runtime.eventStore.appendToStream(reservationStream(id), [reservationRequested(id, i)], { expectedRevision: 'no_stream' });
    await runtime.waitForProjections(appended.lastPosition);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - (performance.now() - started))));
  }
  return percentile(sortedCopy(latencies), 0.99);
}

const context = { correlationId: 'bench', actor: 'bench' };

/** A store of 20 seats open on `days` days from 14 days ahead: each round books a day of its own, so none finds the day a round before it filled. */
async function openDays(runtime: Runtime, days: number): Promise<string[]> {
  const catalog = runtime.services.catalog;
  await catalog.save({ kind: 'store', id: '1', data: { name: 'ベンチ店', address: '東京都', phone: '03-0000-0000' } }, context);
  for (let i = 1; i <= 20; i++) await catalog.save({ kind: 'seat', id: `T${i}`, data: { store_id: '1', name: `席${i}`, max_people: 2 } }, context);
  const today = tokyoDateTime(runtime.clock.now()).date;
  const dates: string[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays(today, 14 + d);
    const hours = await catalog.save(
      { kind: 'business-hours', id: `1-${date}`, data: { rule: 'date', store_id: '1', date, open_time: '10:00', close_time: '22:00', is_closed: false } },
      context,
    );
    await runtime.waitForProjections(hours.position);
    dates.push(date);
  }
  return dates;
}

/** Guests booking (hold, then request) on `date` with 20 seats, 4 at a time. */
async function bookings(runtime: Runtime, seconds: number, date: string) {
  const booking = runtime.services.booking;
  const times = ['11:00', '12:30', '14:00', '15:30', '17:00', '18:30', '20:00'];
  let n = 0;
  return loops(4, seconds * 1000, async () => {
    const i = n++;
    const sessionId = `growth-${date}-${i}`;
    const time = times[i % times.length]!;
    try {
      await booking.allocateSeat({ sessionId, date, time, people: 2, menuIds: [], correlationId: `hold-${date}-${i}` });
      await booking.requestReservation({
        sessionId,
        accountId: null,
        customer: { name: `客${i}`, email: `guest${i}@example.jp`, phone: '090-1234-5678' },
        date,
        time,
        people: 2,
        cart: [],
        detail: {},
        correlationId: `book-${date}-${i}`,
      });
    } catch (error) {
      // A full day answers "full", as it does a guest: still a booking attempt measured.
      if (!(error instanceof DomainError)) throw error;
    }
  });
}

/** The owner's history (/admin/history's query): p99 of each filter over the whole log, a page of 50 entries and of 1. */
async function historyFilters(runtime: Runtime, reservation: string, times: number, failed: string[]): Promise<GrowthReport['history']> {
  const yearAgo = tokyoDateOf(new Date(runtime.clock.now().getTime() - 365 * 86_400_000));
  const filters: Record<string, HistoryFilter> = {
    type: { type: 'ReservationCancelled' },
    actor: { actor: GENERATED_STAFF[1] },
    reservation: { streamId: reservation },
    'date range': { from: yearAgo, to: addDays(yearAgo, 6) },
  };
  const result: GrowthReport['history'] = {};
  for (const [name, filter] of Object.entries(filters)) {
    const p99 = async (limit: number) => {
      const latencies: number[] = [];
      let shown = 0;
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        shown = (await runtime.queries.history.page({ ...filter, limit })).entries.length;
        latencies.push(performance.now() - started);
      }
      if (shown === 0) failed.push(`the history filtered by ${name} showed nothing over a log that has such events`);
      return percentile(sortedCopy(latencies), 0.99);
    };
    result[name] = { page: await p99(50), one: await p99(1) };
  }
  return result;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const seconds = Number(env('GROWTH_SECONDS'));
const rounds = Number(env('GROWTH_ROUNDS'));
const database = await openDatabase({ url: env('DATABASE_URL'), dataDir: '' });
let runtime: Runtime | undefined;
try {
  runtime = await startRuntime(
    loadConfig({
      DATABASE_URL: env('DATABASE_URL'),
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'bench@moncafe.test',
      ADMIN_PASSWORD: 'bench-password-123',
      SECRETS_KEY: env('SECRETS_KEY'),
    }),
    stubMails,
  );
  await steadyState(runtime, database);
  const dates = await openDays(runtime, rounds);
  const failed: string[] = [];
  const found = { appendP99s: [] as number[], readModelP99s: [] as number[], bookingP99s: [] as number[], appended: 0, appendMs: 0, bookings: 0 };
  // PostgreSQL's counters over the append windows alone, summed over the rounds.
  const none: IoCounters = { blocksRead: 0, blocksHit: 0, backendWrites: 0, checkpoints: 0, diskKib: 0 };
  const io = { ...none };
  const gc = collectorPauses();
  for (let round = 0; round < rounds; round++) {
    const before = await postgresIo(database);
    const append = await appends(runtime, seconds, round);
    const after = await postgresIo(database);
    for (const key of Object.keys(io) as (keyof IoCounters)[]) io[key] += after[key] - before[key];
    found.appendP99s.push(append.p99);
    found.appended += append.count;
    found.appendMs += (append.count / append.perSecond) * 1000;
    found.readModelP99s.push(await appendToReadModel(runtime, seconds));
    const booking = await bookings(runtime, seconds, dates[round]!);
    found.bookingP99s.push(booking.p99);
    found.bookings += booking.count;
  }
  const pauses = gc.stop();
  const appendIo = { ...perAppend(none, io, found.appended), ...(await sizes(database)) };
  const history = await historyFilters(runtime, env('GROWTH_RESERVATION_STREAM'), Number(env('GROWTH_HISTORY_TIMES')), failed);
  const report: GrowthReport = {
    appendP99s: found.appendP99s,
    appendRate: (found.appended / found.appendMs) * 1000,
    appendIo,
    readModelP99s: found.readModelP99s,
    bookingP99s: found.bookingP99s,
    bookings: found.bookings,
    pauses,
    history,
    failed,
  };
  console.log(JSON.stringify(report));
} finally {
  await runtime?.close();
  await database.close();
}

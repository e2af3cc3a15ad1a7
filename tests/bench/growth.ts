import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DomainError } from '@moncafe/domain/decider';
import type { EventStore } from '@moncafe/domain/ports';
import { addDays, tokyoDateOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { toStreamName as ledgerStream } from '@moncafe/domain/seating/events';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventsTableOf } from '@moncafe/infra/eventstore/postgres';
import { personalDataDeclarations, personalDataLayer } from '@moncafe/infra/privacy/declarations';
import { sealPlaintextEventsOnce } from '@moncafe/infra/privacy/seal-existing';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import { rebuildProjections } from '@moncafe/infra/projection-runner/rebuild-in-place';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import type { HistoryFilter } from '@moncafe/projections/event-history/queries';
import { projectors } from '@moncafe/projections/read-models';
import { dumpReadModels } from '../database/read-model-dump';
import { createTestDatabase } from '../support/services';
import { dateOf, reservationRequested, seatsHeld } from './events';
import type { ReadReport, RebuildReport } from './rebuild-process';
import { GENERATED_STAFF, generateLog, spreadOverDays, type GeneratedLog } from './generator';
import { checkFailed, loops, ms, percentile, rate, record, sortedCopy, type Options } from './measure';
import { cryptoIds } from '@moncafe/infra/system';

/**
 * Issue 33 items 3–5: a log that grows. At each size a fresh database gets a generated log
 * (tests/bench/generator.ts, its guests' fields sealed as the product seals them, recorded over
 * two years), then: reading every event (the
 * rebuild's reference), the product's rebuild into shadow tables with the bench process's
 * peak memory, once a check that the rebuild equals a replay of every event through the
 * projectors, and on the running system with that log beneath it: appends, append → read
 * model, bookings and the owner's history filters.
 */
export function growthSizes(options: Options): number[] {
  if (options.sizes) return options.sizes;
  if (options.scale) return [100_000, 1_000_000, 5_000_000];
  return options.quick ? [20_000] : [25_000, 100_000];
}

/** The key the generated guests' fields are sealed with, and the measured runtime opens them with. */
const SECRETS_KEY = 'bench-growth-secrets-key-of-at-least-32-characters';

/** The replay check compares every row in memory: done at the first size, when it is at most this. */
const REPLAY_CHECK_UP_TO = 200_000;

interface Point {
  size: number;
  events: number;
  readRate: number;
  /** Reading them as stored, sealed fields left shut. */
  storedReadRate: number;
  rebuildMs: number;
  rebuildRate: number;
  rebuildCpu: string;
  peakRss: number;
  peakHeap: number;
  peakExternal: number;
  replayChecked: boolean;
  appendP99: number;
  /** Where PostgreSQL's time went during the appends (decision 474). */
  appendIo: AppendIo;
  appendRate: number;
  readModelP99: number;
  bookingP99: number;
  bookings: number;
  /** This process's garbage collection while the appends, read-your-writes waits and bookings were measured. */
  pauses: Pauses;
  /** p99 of a page of 50 entries, and of 1 entry (where its time goes: the filter, or reading each shown entry's data). */
  history: Record<string, { page: number; one: number }>;
}

export async function benchGrowth(serverUrl: string, options: Options) {
  const points: Point[] = [];
  const sizes = growthSizes(options);
  // What a rebuild costs whatever the log's size (making 25 read models' copies, their indexes,
  // the swap, a new process's first pages while its code warms up), measured on a small log of
  // the same mix: the part of each size's time that is not per event (decision 480).
  const fixed = sizes.length > 1 ? await smallLogRebuild(serverUrl) : undefined;
  for (const [k, size] of sizes.entries()) {
    console.log(`growth: ${size.toLocaleString('en')} events…`);
    points.push(await point(serverUrl, size, k === 0 && size <= REPLAY_CHECK_UP_TO, options));
  }
  report(points, fixed);
}

async function point(serverUrl: string, size: number, checkReplay: boolean, options: Options): Promise<Point> {
  const seconds = options.quick ? 3 : 8;
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_growth');
  const database = await openDatabase({ url: created.url, dataDir: '' });
  let runtime: Runtime | undefined;
  try {
    const { sealed, store, log } = await grownLog(database, size);

    // The product's rebuild (`npm run projections:rebuild`, /admin/database) in a process of its
    // own, as the product runs it, and its reference in another: reading the events as the rebuild
    // does, guests' fields opened (the rate as stored beside it). Its peak memory is the
    // rebuild's at this size, not the bench process's after generating every size before it
    // (decision 474); the CPU of each side (decision 143).
    const { readRate, storedReadRate } = await inItsOwnProcess<ReadReport>('read', created.url);
    const rebuilt = await inItsOwnProcess<RebuildReport>('rebuild', created.url);
    const rebuildCpu = [
      `Node ${(rebuilt.cpuMs / 1000).toFixed(1)} s`,
      ...(rebuilt.postgresCpuMs !== undefined ? [`PostgreSQL ${(rebuilt.postgresCpuMs / 1000).toFixed(1)} s`] : []),
    ].join(', ');

    if (checkReplay) await rebuildEqualsReplay(database, store);
    await sealed.close();
    await relayedAsItGrew(database);

    runtime = await startRuntime(
      loadConfig({
        DATABASE_URL: created.url,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'bench@moncafe.test',
        ADMIN_PASSWORD: 'bench-password-123',
        SECRETS_KEY,
      }),
      stubMails,
    );
    await steadyState(runtime, database);
    const before = await postgresIo(database);
    // The product runs in this process: its pauses for garbage collection are in every figure below.
    const gc = collectorPauses();
    const append = await appends(runtime, seconds);
    const appendIo = { ...perAppend(before, await postgresIo(database), append.count), ...(await sizes(database)) };
    const readModelP99 = await appendToReadModel(runtime, seconds);
    const booking = await bookings(runtime, seconds);
    const pauses = gc.stop();
    const history = await historyFilters(runtime, log, options.quick ? 30 : 100);
    return {
      size,
      events: rebuilt.events,
      readRate,
      storedReadRate,
      rebuildMs: rebuilt.ms,
      rebuildRate: (rebuilt.events / rebuilt.ms) * 1000,
      rebuildCpu,
      peakRss: rebuilt.maxRssBytes,
      peakHeap: rebuilt.maxHeapUsedBytes,
      peakExternal: rebuilt.maxExternalBytes,
      replayChecked: checkReplay,
      appendP99: append.p99,
      appendIo,
      appendRate: append.perSecond,
      readModelP99,
      bookingP99: booking.p99,
      bookings: booking.count,
      pauses,
      history,
    };
  } finally {
    await runtime?.close();
    await database.close();
    if (options.keep) console.log(`growth: ${size.toLocaleString('en')} events kept in ${created.url}`);
    else await created.drop();
  }
}

/** The product's rebuild in its own process on a migrated database with no events. */
/**
 * A migrated database holding a generated log of `size` events, as the product keeps it: guests'
 * fields sealed on append, each reservation under a key of its own, and read through the layer
 * that opens them (decision 183). The one-time sealing of older events ran on the empty log of
 * the cafe's first start, as in a cafe whose log grew under the product; it is not left to the
 * measured start (it would seal nothing). The events are spread over two years.
 */
async function grownLog(database: DatabaseHandle, size: number) {
  await migrateToLatest(database.db, systemMigrations({ eventStoreUrl: undefined }));
  const sealed = createPostgresEventStore(database.pool);
  const privacy = personalDataLayer(database.db, secretBox(SECRETS_KEY));
  await sealPlaintextEventsOnce({ db: database.db, sealer: privacy.sealer, declarations: personalDataDeclarations });
  const store = privacy.open(sealed);
  const log = await generateLog(store, size);
  await spreadOverDays(database.pool, eventsTableOf(sealed, database.pool)!, 730);
  return { sealed, store, log };
}

/** Events in the log whose rebuild is the fixed part: enough for the rebuild's code to be warm, small beside every size. */
const FIXED_PART_EVENTS = 5_000;

async function smallLogRebuild(serverUrl: string): Promise<RebuildReport> {
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_growth');
  try {
    const database = await openDatabase({ url: created.url, dataDir: '' });
    try {
      const { sealed } = await grownLog(database, FIXED_PART_EVENTS);
      await sealed.close();
    } finally {
      await database.close();
    }
    return await inItsOwnProcess<RebuildReport>('rebuild', created.url);
  } finally {
    await created.drop();
  }
}

/** The `--max-…` memory flags of the `projections:rebuild` script in package.json. */
async function productRebuildFlags(): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  return (manifest.scripts['projections:rebuild']!.match(/--max-[a-z-]+=\S+/g) ?? []).join(' ');
}

/** `tests/bench/rebuild-process.ts` in `mode` on the database at `url`: its one line of JSON. */
async function inItsOwnProcess<Report>(mode: 'read' | 'rebuild', url: string): Promise<Report> {
  // The Node flags `npm run projections:rebuild` runs with (its heap limit, decision 476), or
  // BENCH_REBUILD_NODE_FLAGS to see how the rebuild's memory answers to others (decision 474).
  const flags = (process.env['BENCH_REBUILD_NODE_FLAGS'] ?? (await productRebuildFlags())).split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(new URL('./rebuild-process.ts', import.meta.url)), mode], {
    env: { ...process.env, DATABASE_URL: url, SECRETS_KEY, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const line = out.trim().split('\n').at(-1);
  if (code !== 0 || !line) throw new Error(`the ${mode} process ended with ${code}: ${out}`);
  return JSON.parse(line) as Report;
}

/**
 * The rebuild's tables equal a replay of every event through the projectors one page at a time
 * (what the live path applies), row by row; otherwise the bench fails loudly.
 */
async function rebuildEqualsReplay(database: DatabaseHandle, store: EventStore) {
  const rebuilt = await dumpReadModels(database.db);
  await rebuildProjections({ db: database.db, eventStore: store, projectors });
  const replayed = await dumpReadModels(database.db);
  const differing = Object.keys(replayed).filter((table) => !isDeepStrictEqual(rebuilt[table], replayed[table]));
  if (differing.length > 0) checkFailed(`rebuild ≠ replay in ${differing.join(', ')}`);
  else
    console.log(
      `growth: rebuild equals replay (${Object.values(replayed)
        .reduce((n, rows) => n + rows.length, 0)
        .toLocaleString('en')} rows)`,
    );
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
  console.log(`growth: the runtime level with the store and the database vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A log that grew for years was handed to the bus as it grew: the relay's checkpoint is at the
 * head. The generator writes past the relay, so without this the runtime's relay starts at 0 and
 * opens and publishes the whole generated log while the rows below are measured — at 100,000
 * events about a third of the process's time went to opening old guests' sealed fields, and the
 * append p99 measured that catch-up, not the log's size (2.78× its 25,000 figure in the quiet run
 * of 2026-11-27 04:40).
 */
async function relayedAsItGrew(database: DatabaseHandle) {
  await database.pool.query(
    "insert into relay_checkpoint (name, position) select 'default', coalesce(max(position), 0) from events on conflict (name) do update set position = excluded.position",
  );
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

interface AppendIo {
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

interface Pauses {
  /** Heap in use as the measuring began. */
  heapBytes: number;
  /** Pauses of a full (mark-sweep) collection: how many, the longest and their sum. */
  major: number;
  longestMs: number;
  totalMs: number;
}

/**
 * Counts this process's garbage collection pauses until `stop`, after a full collection: what
 * generating the log and starting the product left in the heap is not collected inside the
 * first figures (a 100k point's append p99 once carried a 93.5 ms pause, decision 480).
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

/** The events table with its indexes, beside the shared buffers PostgreSQL keeps its pages in. */
async function sizes(database: DatabaseHandle): Promise<Pick<AppendIo, 'eventsBytes' | 'sharedBuffersBytes'>> {
  const { rows } = await database.pool.query<{ events: string; buffers: string }>(
    `select pg_total_relation_size('events') as events, (select setting::bigint * 8192 from pg_settings where name = 'shared_buffers') as buffers`,
  );
  return { eventsBytes: Number(rows[0]!.events), sharedBuffersBytes: Number(rows[0]!.buffers) };
}

/** One event per call by 8 writers, each to a ledger of its own. */
async function appends(runtime: Runtime, seconds: number) {
  return loops(8, seconds * 1000, async (w, i) => {
    await runtime.eventStore.appendToStream(ledgerStream(`growth-${w}`, dateOf(i)), [seatsHeld(i)], { expectedRevision: 'any' });
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

/** Guests booking (hold, then request) on a day 14 days ahead with 20 seats, 4 at a time. */
async function bookings(runtime: Runtime, seconds: number) {
  const catalog = runtime.services.catalog;
  const context = { correlationId: 'bench', actor: 'bench' };
  const date = addDays(tokyoDateTime(runtime.clock.now()).date, 14);
  await catalog.save({ kind: 'store', id: '1', data: { name: 'ベンチ店', address: '東京都', phone: '03-0000-0000' } }, context);
  for (let i = 1; i <= 20; i++) await catalog.save({ kind: 'seat', id: `T${i}`, data: { store_id: '1', name: `席${i}`, max_people: 2 } }, context);
  const hours = await catalog.save(
    { kind: 'business-hours', id: `1-${date}`, data: { rule: 'date', store_id: '1', date, open_time: '10:00', close_time: '22:00', is_closed: false } },
    context,
  );
  await runtime.waitForProjections(hours.position);
  const booking = runtime.services.booking;
  const times = ['11:00', '12:30', '14:00', '15:30', '17:00', '18:30', '20:00'];
  let n = 0;
  return loops(4, seconds * 1000, async () => {
    const i = n++;
    const sessionId = `growth-${i}`;
    const time = times[i % times.length]!;
    try {
      await booking.allocateSeat({ sessionId, date, time, people: 2, menuIds: [], correlationId: `hold-${i}` });
      await booking.requestReservation({
        sessionId,
        accountId: null,
        customer: { name: `客${i}`, email: `guest${i}@example.jp`, phone: '090-1234-5678' },
        date,
        time,
        people: 2,
        cart: [],
        detail: {},
        correlationId: `book-${i}`,
      });
    } catch (error) {
      // A full day answers "full", as it does a guest: still a booking attempt measured.
      if (!(error instanceof DomainError)) throw error;
    }
  });
}

/** The owner's history (/admin/history's query): p99 of each filter over the whole log, a page of 50 entries and of 1. */
async function historyFilters(runtime: Runtime, log: GeneratedLog, times: number): Promise<Point['history']> {
  const yearAgo = tokyoDateOf(new Date(runtime.clock.now().getTime() - 365 * 86_400_000));
  const filters: Record<string, HistoryFilter> = {
    type: { type: 'ReservationCancelled' },
    actor: { actor: GENERATED_STAFF[1] },
    reservation: { streamId: log.reservationStreams[Math.floor(log.reservationStreams.length / 2)]! },
    'date range': { from: yearAgo, to: addDays(yearAgo, 6) },
  };
  const result: Point['history'] = {};
  for (const [name, filter] of Object.entries(filters)) {
    const p99 = async (limit: number) => {
      const latencies: number[] = [];
      let shown = 0;
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        shown = (await runtime.queries.history.page({ ...filter, limit })).entries.length;
        latencies.push(performance.now() - started);
      }
      if (shown === 0) checkFailed(`the history filtered by ${name} showed nothing over a log that has such events`);
      return percentile(sortedCopy(latencies), 0.99);
    };
    result[name] = { page: await p99(50), one: await p99(1) };
  }
  return result;
}

const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`);

function report(points: Point[], fixed: RebuildReport | undefined) {
  const first = points[0]!;
  const last = points.at(-1)!;
  const grown = points.length > 1;
  const at = (figure: (p: Point) => string) => points.map((p) => `${size(p.size)}: ${figure(p)}`).join('; ');
  const later = points.slice(1);
  /** At every size past the first, within 1.25× of the first size's figure (or 1 ms, below which a p99 is noise). */
  const steady = (figure: (p: Point) => number) => later.every((p) => figure(p) <= Math.max(1.25 * figure(first), figure(first) + 1));
  /** Each later size's ratio to the first: a miss at 1M is not hidden by a 5M figure within the target. */
  const growth = (figure: (p: Point) => number) =>
    grown ? `${later.map((p) => `${size(p.size)} ${(figure(p) / figure(first)).toFixed(2)}×`).join(', ')} the ${size(first.size)} figure` : '';

  for (const p of points) {
    const ratio = p.rebuildRate / p.readRate;
    record({
      path: `rebuild all ${projectors.length} read models, ${p.events.toLocaleString('en')} events (PostgreSQL)`,
      product: `${rate(p.rebuildRate, ' events/s')}, ${(p.rebuildMs / 1000).toFixed(1)} s (CPU ${p.rebuildCpu}; rebuild process peak RSS ${mib(p.peakRss)}, heap ${mib(p.peakHeap)}, outside the heap ${mib(p.peakExternal)})${p.replayChecked ? '; equal to a replay' : ''}`,
      reference: `reading all events ${rate(p.readRate, ' events/s')} (guests' fields opened, as the rebuild reads them; ${rate(p.storedReadRate, ' events/s')} as stored)`,
      ratio: `${ratio.toFixed(2)}×`,
      target: '≥ 0.5× reading',
      met: ratio >= 0.5,
    });
  }
  const rows: [string, (p: Point) => number, string][] = [
    ['append p99, 1 event per call, 8 writers', (p) => p.appendP99, ''],
    ['append → read model p99 (read-your-writes wait), 20/s', (p) => p.readModelP99, ''],
    ['booking (hold + request) p99, 4 guests', (p) => p.bookingP99, ''],
  ];
  for (const [path, figure] of rows) {
    record({
      path: `${path}, by log size`,
      product: at((p) => ms(figure(p))),
      reference: grown ? `${size(first.size)}: ${ms(figure(first))}` : '',
      ratio: growth(figure),
      target: `within 1.25× of the ${size(first.size)} figure`,
      met: grown ? steady(figure) : null,
    });
  }
  record({
    path: 'append, by log size: where PostgreSQL’s time goes (decision 474)',
    product: at(
      (p) =>
        `${p.appendIo.readPerAppend.toFixed(2)} blocks read and ${p.appendIo.backendWritesPerAppend.toFixed(2)} written by the backend per append, ${p.appendIo.diskKibPerAppend.toFixed(2)} KiB from disk, ` +
        `${(p.appendIo.hitRatio * 100).toFixed(2)}% in buffers, ${p.appendIo.checkpoints} checkpoint(s); events ${mib(p.appendIo.eventsBytes)}`,
    ),
    reference: `shared buffers ${mib(first.appendIo.sharedBuffersBytes)}`,
    ratio: '',
    target: '',
    met: null,
  });
  record({
    path: 'appends, read-your-writes and bookings, by log size: this process’s garbage collection (the product runs in it)',
    product: at(
      (p) =>
        `heap ${mib(p.pauses.heapBytes)} at the start; ${p.pauses.major} full collection(s), longest pause ${ms(p.pauses.longestMs)}, ${ms(p.pauses.totalMs)} paused in all`,
    ),
    reference: '',
    ratio: '',
    target: '',
    met: null,
  });
  if (grown) {
    // Linear in events: a fixed part (a small log's rebuild, when measured) and the same time
    // per event past it at every size (decisions 475, 480).
    const fixedMs = fixed?.ms ?? 0;
    const fixedEvents = fixed?.events ?? 0;
    const perEvent = (p: Point) => (p.rebuildMs - fixedMs) / (p.events - fixedEvents);
    const perEventInAll = (p: Point) => p.rebuildMs / p.events;
    const linear = points.every((p) => Math.abs(perEvent(p) / perEvent(first) - 1) <= 0.25);
    const flat = points.every((p) => p.peakRss <= 1.25 * first.peakRss);
    const small = fixed ? `a log of ${size(fixed.events)} events` : '';
    record({
      path: 'rebuild time and peak RSS, by log size',
      product:
        at((p) => `${(p.rebuildMs / 1000).toFixed(1)} s, ${(perEvent(p) * 1000).toFixed(1)} µs/event, ${mib(p.peakRss)} (heap ${mib(p.peakHeap)})`) +
        (fixed ? `; ${small}: ${(fixed.ms / 1000).toFixed(1)} s, ${mib(fixed.maxRssBytes)}` : ''),
      reference: `${size(first.size)}: ${(perEvent(first) * 1000).toFixed(1)} µs/event${fixed ? ` past ${small}` : ''}`,
      ratio:
        `${(perEvent(last) / perEvent(first)).toFixed(2)}× time per event` +
        (fixed ? ` (${(perEventInAll(last) / perEventInAll(first)).toFixed(2)}× counting the fixed part)` : '') +
        `, ${(last.peakRss / first.peakRss).toFixed(2)}× RSS`,
      target: 'time linear (± 25% per event), RSS flat (≤ 1.25×)',
      met: linear && flat,
    });
  }
  for (const name of Object.keys(last.history)) {
    record({
      path: `/admin/history query filtered by ${name}, ${last.events.toLocaleString('en')} events`,
      product: `p99 ${ms(last.history[name]!.page)}${grown ? ` (${at((p) => ms(p.history[name]!.page))})` : ''}; a page of 1 entry p99 ${ms(last.history[name]!.one)}`,
      reference: '',
      ratio: '',
      target: 'p99 ≤ 50 ms',
      met: last.history[name]!.page <= 50,
    });
  }
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import type { EventStore } from '@moncafe/domain/ports';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventsTableOf } from '@moncafe/infra/eventstore/postgres';
import { personalDataDeclarations, personalDataLayer } from '@moncafe/infra/privacy/declarations';
import { sealPlaintextEventsOnce } from '@moncafe/infra/privacy/seal-existing';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import { rebuildProjections } from '@moncafe/infra/projection-runner/rebuild-in-place';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import { projectors } from '@moncafe/projections/read-models';
import { dumpReadModels } from '../database/read-model-dump';
import { createTestDatabase } from '../support/services';
import type { GrowthReport } from './growth-process';
import type { ReadReport, RebuildReport } from './rebuild-process';
import { generateLog, spreadOverDays } from './generator';
import { checkFailed, ms, percentile, rate, record, sortedCopy, type Options } from './measure';

/**
 * The growth rows (decision 340): a log that grows. At each size a fresh database gets a generated log
 * (tests/bench/generator.ts, its guests' fields sealed as the product seals them, recorded over
 * two years), then, each in a process of its own: reading every event (the rebuild's reference),
 * the product's rebuild into shadow tables with its peak memory, and the running system with that
 * log beneath it (growth-process.ts: rounds of appends, append → read model and bookings, and the
 * owner's history filters); once, a check that the rebuild equals a replay of every event
 * through the projectors.
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
  /** Rebuilds made of this size's log (each rebuild figure is their median). */
  rebuildRounds: number;
  /** The running system's rounds, measured in a process of its own (growth-process.ts). */
  running: GrowthReport;
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
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_growth');
  const database = await openDatabase({ url: created.url, dataDir: '' });
  try {
    const { sealed, store, log } = await grownLog(database, size);

    // The product's rebuild (`npm run projections:rebuild`, /admin/database) in a process of its
    // own, as the product runs it, and its reference in another: reading the events as the rebuild
    // does, guests' fields opened (the rate as stored beside it). Its peak memory is the
    // rebuild's at this size, not the bench process's after generating every size before it
    // (decision 474); the CPU of each side (decision 143).
    const flags = await rebuildFlags();
    const { readRate, storedReadRate } = await inItsOwnProcess<ReadReport>('rebuild-process.ts', ['read'], created.url, {}, flags);
    const rebuilt = await rebuildRounds(created.url, size <= ROUNDS_UP_TO ? 3 : 1, flags);
    const rebuildCpu = [
      `Node ${(rebuilt.cpuMs / 1000).toFixed(1)} s`,
      ...(rebuilt.postgresCpuMs !== undefined ? [`PostgreSQL ${(rebuilt.postgresCpuMs / 1000).toFixed(1)} s`] : []),
    ].join(', ');

    if (checkReplay) await rebuildEqualsReplay(database, store);
    await sealed.close();
    await relayedAsItGrew(database);

    // The running system on that log, in a process of its own (decision 485): several rounds of
    // each measure, none of them beside this process's heap of generating the log.
    const running = await inItsOwnProcess<GrowthReport>('growth-process.ts', [], created.url, {
      GROWTH_SECONDS: String(options.quick ? 3 : 10),
      GROWTH_ROUNDS: String(options.quick ? 1 : 3),
      GROWTH_RESERVATION_STREAM: log.reservationStreams[Math.floor(log.reservationStreams.length / 2)]!,
      GROWTH_HISTORY_TIMES: String(options.quick ? 30 : 100),
    });
    for (const failure of running.failed) checkFailed(failure);
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
      rebuildRounds: rebuilt.rounds ?? 1,
      running,
    };
  } finally {
    await database.close();
    if (options.keep) console.log(`growth: ${size.toLocaleString('en')} events kept in ${created.url}`);
    else await created.drop();
  }
}

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

/** Logs up to this size are rebuilt in 3 rounds (a second or two each); larger ones once (minutes each). */
const ROUNDS_UP_TO = 200_000;

/**
 * The product's rebuild `rounds` times, each in a process of its own: each figure is the median of
 * the rounds' (time, CPU, peak RSS and heap, each on its own). A rebuild of a small log takes a
 * second, and its peak RSS is where V8 happened to collect: the same 5,000-event log peaked at
 * 135 MiB in one run and 332 MiB in another, and a 25k point at 238 or 294 MiB (decision 485).
 */
async function rebuildRounds(url: string, rounds: number, flags: string[]): Promise<RebuildReport> {
  const reports: RebuildReport[] = [];
  for (let round = 0; round < rounds; round++) reports.push(await inItsOwnProcess<RebuildReport>('rebuild-process.ts', ['rebuild'], url, {}, flags));
  const of = (figure: (r: RebuildReport) => number) => median(reports.map(figure));
  const postgres = reports.map((r) => r.postgresCpuMs);
  return {
    events: reports[0]!.events,
    ms: of((r) => r.ms),
    cpuMs: of((r) => r.cpuMs),
    postgresCpuMs: postgres.every((cpu) => cpu !== undefined) ? median(postgres as number[]) : undefined,
    maxRssBytes: of((r) => r.maxRssBytes),
    maxHeapUsedBytes: of((r) => r.maxHeapUsedBytes),
    maxExternalBytes: of((r) => r.maxExternalBytes),
    rounds,
  };
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
    return await rebuildRounds(created.url, 3, await rebuildFlags());
  } finally {
    await created.drop();
  }
}

/**
 * The Node flags of the rebuild's processes: those `npm run projections:rebuild` runs with (its
 * heap limit, decision 476, from package.json), or BENCH_REBUILD_NODE_FLAGS to see how the
 * rebuild's memory answers to others (decision 474).
 */
async function rebuildFlags(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const product = (manifest.scripts['projections:rebuild']!.match(/--max-[a-z-]+=\S+/g) ?? []).join(' ');
  return (process.env['BENCH_REBUILD_NODE_FLAGS'] ?? product).split(' ').filter(Boolean);
}

/** `tests/bench/<script>` with `args`, on the database at `url`, in a process of its own: its last line of JSON. */
async function inItsOwnProcess<Report>(script: string, args: string[], url: string, env: Record<string, string> = {}, flags: string[] = []): Promise<Report> {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(new URL(`./${script}`, import.meta.url)), ...args], {
    env: { ...process.env, ...env, DATABASE_URL: url, SECRETS_KEY, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const line = out.trim().split('\n').at(-1);
  if (code !== 0 || !line) throw new Error(`${script} ${args.join(' ')} ended with ${code}: ${out}`);
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

const median = (values: readonly number[]) => percentile(sortedCopy(values), 0.5);
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
      product: `${rate(p.rebuildRate, ' events/s')}, ${(p.rebuildMs / 1000).toFixed(1)} s (CPU ${p.rebuildCpu}; rebuild process peak RSS ${mib(p.peakRss)}, heap ${mib(p.peakHeap)}, outside the heap ${mib(p.peakExternal)})${p.rebuildRounds > 1 ? `, the median of ${p.rebuildRounds} rebuilds` : ''}${p.replayChecked ? '; equal to a replay' : ''}`,
      reference: `reading all events ${rate(p.readRate, ' events/s')} (guests' fields opened, as the rebuild reads them; ${rate(p.storedReadRate, ' events/s')} as stored)`,
      ratio: `${ratio.toFixed(2)}×`,
      target: '≥ 0.5× reading',
      met: ratio >= 0.5,
    });
  }
  const rounds = first.running.appendP99s.length;
  const rows: [string, (p: Point) => number[]][] = [
    ['append p99, 1 event per call, 8 writers', (p) => p.running.appendP99s],
    ['append → read model p99 (read-your-writes wait), 20/s', (p) => p.running.readModelP99s],
    ['booking (hold + request) p99, 4 guests', (p) => p.running.bookingP99s],
  ];
  for (const [path, roundsOf] of rows) {
    // A size's figure is the median of its rounds' p99s: one round's tail beside a neighbour's
    // burst (autovacuum, a checkpoint) is shown, not taken for the log's size (decision 485).
    const figure = (p: Point) => median(roundsOf(p));
    record({
      path: `${path}, by log size${rounds > 1 ? `, median of ${rounds} rounds` : ''}`,
      product: at((p) => ms(figure(p)) + (rounds > 1 ? ` (${roundsOf(p).map(ms).join(' / ')})` : '')),
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
        `${p.running.appendIo.readPerAppend.toFixed(2)} blocks read and ${p.running.appendIo.backendWritesPerAppend.toFixed(2)} written by the backend per append, ${p.running.appendIo.diskKibPerAppend.toFixed(2)} KiB from disk, ` +
        `${(p.running.appendIo.hitRatio * 100).toFixed(2)}% in buffers, ${p.running.appendIo.checkpoints} checkpoint(s); events ${mib(p.running.appendIo.eventsBytes)}`,
    ),
    reference: `shared buffers ${mib(first.running.appendIo.sharedBuffersBytes)}`,
    ratio: '',
    target: '',
    met: null,
  });
  record({
    path: 'appends, read-your-writes and bookings, by log size: the product process’s garbage collection over its rounds',
    product: at(
      (p) =>
        `heap ${mib(p.running.pauses.heapBytes)} at the start; ${p.running.pauses.major} full collection(s), longest pause ${ms(p.running.pauses.longestMs)}, ${ms(p.running.pauses.totalMs)} paused in all`,
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
    const small = fixed ? `a log of ${size(fixed.events)} events${fixed.rounds && fixed.rounds > 1 ? ` (median of ${fixed.rounds} rebuilds)` : ''}` : '';
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
  for (const name of Object.keys(last.running.history)) {
    record({
      path: `/admin/history query filtered by ${name}, ${last.events.toLocaleString('en')} events`,
      product: `p99 ${ms(last.running.history[name]!.page)}${grown ? ` (${at((p) => ms(p.running.history[name]!.page))})` : ''}; a page of 1 entry p99 ${ms(last.running.history[name]!.one)}`,
      reference: '',
      ratio: '',
      target: 'p99 ≤ 50 ms',
      met: last.running.history[name]!.page <= 50,
    });
  }
}

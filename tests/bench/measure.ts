import { readdir, readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

/** Shared pieces of the benchmarks: timing loops, percentiles, the table of results. */

export interface Quick {
  /** `npm run bench -- --quick`: shorter runs, the same rows. */
  quick: boolean;
}

export interface Options extends Quick {
  /** `-- --scale`: the large points (a log of 100,000, 1,000,000 and 5,000,000 events, 1,000,000 in the history). */
  scale: boolean;
  /** `-- --sizes=20000,40000`: the log sizes measured instead (a check of the scale path at a small size). */
  sizes?: number[] | undefined;
  /** `-- --keep`: the growth's databases are left behind (their address printed) for `explain analyze` and the like. */
  keep?: boolean | undefined;
  /**
   * `-- --only=floor --parts=rush`: within a section, only these parts (the floor's `rush`, `day`,
   * `live`), so one row can be measured again on its own; all of them when unset.
   */
  parts?: readonly string[] | undefined;
}

/** Whether a section's part runs under `--parts`. */
export const wanted = (options: Pick<Options, 'parts'>, part: string) => !options.parts || options.parts.includes(part);

/** The ports the bench's own servers listen on (this branch's range, 15300–15399). */
export const BENCH_PORTS = { product: 15300, bare: 15301, floor: 15302 } as const;

/** Correctness checks that failed (lost orders, double bookings, rebuild ≠ replay): the run exits 1. */
export const failedChecks: string[] = [];

export function checkFailed(what: string) {
  failedChecks.push(what);
  console.error(`CORRECTNESS CHECK FAILED: ${what}`);
}

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Runs `writers` loops of `once` for `ms`; the rate and the p99 of one call. */
export async function loops(
  writers: number,
  ms: number,
  once: (writer: number, i: number) => Promise<void>,
): Promise<{ perSecond: number; p99: number; count: number }> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        await once(w, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - started;
  return { perSecond: (latencies.length / elapsed) * 1000, p99: percentile(sortedCopy(latencies), 0.99), count: latencies.length };
}

export const rate = (n: number, unit = '/s') => `${Math.round(n).toLocaleString('en')}${unit}`;
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface Row {
  path: string;
  product: string;
  reference: string;
  ratio: string;
  target: string;
  met: boolean | null;
}

export const rows: Row[] = [];

/**
 * Runs one part of the bench and says how long it took; a part that throws is a row of its own,
 * marked failed, and fails the run (its figures are missing).
 */
export async function measured(name: string, run: () => Promise<void>) {
  const started = performance.now();
  try {
    await run();
  } catch (error) {
    console.error(`${name} failed:`, error);
    failedChecks.push(`${name} did not run to its end`);
    rows.push({ path: name, product: `failed: ${error instanceof Error ? error.message : String(error)}`, reference: '', ratio: '', target: '', met: false });
  }
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

export function record(row: Row) {
  rows.push(row);
  const verdict = row.met === null ? '' : row.met ? ' ✓' : ' ✗';
  console.log(`${row.path}: ${row.product} | ref ${row.reference} | ${row.ratio} | target ${row.target}${verdict}`);
}

export function ratio(product: number, reference: number): string {
  return reference > 0 ? `${(product / reference).toFixed(2)}×` : '–';
}

/** CPU time (ms) one process has used so far, from /proc: undefined when it cannot be read (it ended, or no /proc). */
export async function cpuMsOf(pid: number | string): Promise<number | undefined> {
  try {
    // After the command name in parentheses: utime and stime are the 12th and 13th fields.
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    // Linux counts these in clock ticks of 1/100 s (USER_HZ).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) used so far by each process this machine shows in /proc whose command name
 * starts with `command`, by process id: for PostgreSQL (`postgres`: backends, WAL writer,
 * checkpointer) where the server runs beside the bench, the database's share of a run
 * (`cpuMsSince`). Undefined when no such process is visible (a server elsewhere, or no /proc).
 */
export async function processesCpu(command: string): Promise<Map<string, number> | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const used = new Map<string, number>();
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    if (!name.startsWith(command)) continue;
    const ms = await cpuMsOf(pid);
    // Undefined: the process ended while being read.
    if (ms !== undefined) used.set(pid, ms);
  }
  return used.size > 0 ? used : undefined;
}

/** PostgreSQL's processes' CPU so far (`processesCpu('postgres')`). */
export const postgresCpu = () => processesCpu('postgres');

/**
 * The CPU (ms) of `command`'s processes since `before`: each process's own growth, a new one's
 * whole. A process that ended meanwhile took its CPU with it, so read this while the connections
 * that did the work are still open (a sum over all processes went negative when one ended).
 */
export async function cpuMsSince(before: Map<string, number> | undefined, command = 'postgres'): Promise<number | undefined> {
  const after = await processesCpu(command);
  if (!before || !after) return undefined;
  let ms = 0;
  for (const [pid, used] of after) ms += Math.max(0, used - (before.get(pid) ?? 0));
  return ms;
}

/** PostgreSQL's CPU (ms) since `before` (`cpuMsSince` for `postgres`). */
export const postgresCpuMsSince = (before: Map<string, number> | undefined) => cpuMsSince(before, 'postgres');

/** The machine's CPU time so far, all cores, from /proc/stat: busy and idle (idle + iowait), in ms; undefined without /proc. */
export async function machineCpu(): Promise<{ busyMs: number; idleMs: number } | undefined> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal …, in ticks of 1/100 s.
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
    return { busyMs: (user! + nice! + system! + irq! + softirq! + steal!) * 10, idleMs: (idle! + iowait!) * 10 };
  } catch {
    return undefined;
  }
}

/** Where a machine's cores went while something ran (`cpuShares`), CPU in ms. */
export interface CpuShares {
  wallMs: number;
  /** The processes named to `cpuShares`, by name. */
  processes: Record<string, number | undefined>;
  postgresMs: number | undefined;
  natsMs: number | undefined;
  benchMs: number;
  machineBusyMs: number | undefined;
  /** The machine's busy share of all its cores over the time (0–1). */
  machineBusy: number | undefined;
}

/**
 * Where a machine's cores went while something ran: the given processes' CPU, PostgreSQL's and
 * NATS's processes, this (the bench's) process, and the machine as a whole. Call it before,
 * and `stop()` after; each figure in ms, undefined where /proc cannot say.
 */
export async function cpuShares(processes: Record<string, number>) {
  const before = {
    own: await Promise.all(Object.values(processes).map((pid) => cpuMsOf(pid))),
    postgres: await processesCpu('postgres'),
    nats: await processesCpu('nats-server'),
    bench: process.cpuUsage(),
    machine: await machineCpu(),
  };
  const started = performance.now();
  return {
    async stop(): Promise<CpuShares> {
      const own = await Promise.all(Object.values(processes).map((pid) => cpuMsOf(pid)));
      const bench = process.cpuUsage(before.bench);
      const machine = await machineCpu();
      const busy = machine && before.machine ? machine.busyMs - before.machine.busyMs : undefined;
      const idle = machine && before.machine ? machine.idleMs - before.machine.idleMs : undefined;
      return {
        wallMs: performance.now() - started,
        processes: Object.fromEntries(
          Object.keys(processes).map((name, i) => [name, own[i] !== undefined && before.own[i] !== undefined ? own[i]! - before.own[i]! : undefined]),
        ),
        postgresMs: await cpuMsSince(before.postgres, 'postgres'),
        natsMs: await cpuMsSince(before.nats, 'nats-server'),
        benchMs: (bench.user + bench.system) / 1000,
        machineBusyMs: busy,
        machineBusy: busy !== undefined && idle !== undefined && busy + idle > 0 ? busy / (busy + idle) : undefined,
      };
    },
  };
}

/** A `cpuShares` result as a row's text: seconds of CPU per part, and the machine's busy share. */
export function cpuSharesText(shares: CpuShares): string {
  const s = (value: number | undefined) => (value === undefined ? '–' : `${(value / 1000).toFixed(1)} s`);
  const parts = [
    ...Object.entries(shares.processes).map(([name, value]) => `${name} ${s(value)}`),
    `PostgreSQL ${s(shares.postgresMs)}`,
    `NATS ${s(shares.natsMs)}`,
    `the bench process ${s(shares.benchMs)}`,
  ];
  const busy = shares.machineBusy === undefined ? '' : `; the machine ${(shares.machineBusy * 100).toFixed(0)}% busy (${s(shares.machineBusyMs)} of CPU)`;
  return `over ${(shares.wallMs / 1000).toFixed(0)} s: ${parts.join(', ')}${busy}`;
}

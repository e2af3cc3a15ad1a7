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
}

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

/**
 * CPU time (ms) used so far by each PostgreSQL process this machine shows in /proc (backends,
 * WAL writer, checkpointer), by process id: where the server runs beside the bench, the
 * database's share of a run (`postgresCpuMsSince`). Undefined when no such process is visible (a
 * server elsewhere, or no /proc).
 */
export async function postgresCpu(): Promise<Map<string, number> | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const used = new Map<string, number>();
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!(await readFile(`/proc/${pid}/comm`, 'utf8')).startsWith('postgres')) continue;
      // After the command name in parentheses: utime and stime are the 12th and 13th fields.
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      // Linux counts these in clock ticks of 1/100 s (USER_HZ).
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The process ended while being read.
    }
  }
  return used.size > 0 ? used : undefined;
}

/**
 * PostgreSQL's CPU (ms) since `before`: each process's own growth, a new one's whole. A process
 * that ended meanwhile took its CPU with it, so read this while the connections that did the work
 * are still open (a sum over all processes went negative when one ended).
 */
export async function postgresCpuMsSince(before: Map<string, number> | undefined): Promise<number | undefined> {
  const after = await postgresCpu();
  if (!before || !after) return undefined;
  let ms = 0;
  for (const [pid, used] of after) ms += Math.max(0, used - (before.get(pid) ?? 0));
  return ms;
}

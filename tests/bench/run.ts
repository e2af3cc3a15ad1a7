/**
 * `npm run bench` (`-- --quick` for a developer's check under two minutes): every row of issue
 * 10's table, each product figure beside a reference measured in the same run on the same
 * machine (pgbench's raw INSERT, a bare React Router page, append → /live), and the verdict
 * against its target. Writes the table to docs/benchmarks-log.md with the machine, the date and the load
 * (BENCHMARKS.md's status block names the latest accepted run).
 * Nothing here asserts: tests prove behaviour, this measures it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { natsUrl, postgresUrl } from '../support/services';
import { benchAppends } from './append';
import { benchLatency } from './latency';
import { failedChecks, measured, rows, type Options } from './measure';
import { benchFloor } from './floor';
import { benchGrowth } from './growth';
import { benchSeats } from './seats';
import { benchWeb } from './web';

const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizes = argument('sizes')
  ?.split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const options: Options = {
  quick: process.argv.includes('--quick'),
  scale: process.argv.includes('--scale'),
  sizes: sizes?.length ? sizes : undefined,
  keep: process.argv.includes('--keep'),
  parts: argument('parts')?.split(','),
};
const only = argument('only');
const flags = process.argv.slice(2).join(' ');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function section(name: string, run: () => Promise<void>) {
  return only && !only.split(',').includes(name) ? Promise.resolve() : measured(name, run);
}

const started = performance.now();
const loadBefore = os.loadavg();
const [server, nats] = await Promise.all([postgresUrl(), natsUrl()]);
if (!server) throw new Error('npm run bench needs a PostgreSQL server (DATABASE_URL or 127.0.0.1:5432)');
const admin = new pg.Client({ connectionString: server });
await admin.connect();
const postgresVersion = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
await admin.end();

await section('append', () => benchAppends(server, options));
await section('latency', () => benchLatency(server, nats, options));
await section('growth', () => benchGrowth(server, options));
await section('seats', () => benchSeats(server, options));
await section('floor', () => benchFloor(server, nats, options));
await section('web', () => benchWeb(server, options));

const loadAfter = os.loadavg();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${postgresVersion} on 127.0.0.1, NATS ${nats ? 'on 127.0.0.1' : 'absent'}, PGlite (PostgreSQL 18 in WebAssembly)`;
const load = `load average ${loadBefore.map((l) => l.toFixed(2)).join(' / ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' / ')} after`;
const table = [
  '| path | product | reference (same run) | ratio | target | met |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) => `| ${r.path} | ${r.product} | ${r.reference || '–'} | ${r.ratio || '–'} | ${r.target || '–'} | ${r.met === null ? '–' : r.met ? 'yes' : 'no'} |`,
  ),
].join('\n');
console.log(`\n${machine}\n${load}\n\n${table}\n`);
console.log(`bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);

// A full run is logged; a quick or partial one only when asked (`-- --quick --log`).
if ((!options.quick && !only) || process.argv.includes('--log')) {
  const file = path.join(root, 'docs/benchmarks-log.md');
  const current = await readFile(file, 'utf8');
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const entry = `## ${date} UTC — \`npm run bench${flags ? ` -- ${flags}` : ''}\`\n\nMachine: ${machine}. ${load[0]!.toUpperCase()}${load.slice(1)}.\n\n${table}\n`;
  const marker = '\n## ';
  const at = current.indexOf(marker);
  await writeFile(file, at < 0 ? `${current.trimEnd()}\n\n${entry}` : `${current.slice(0, at)}\n${entry}${current.slice(at)}`);
  console.log('written to docs/benchmarks-log.md');
}
// The correctness checks fail the run loudly: figures of a system that lost an order or
// double-booked a seat mean nothing.
if (failedChecks.length > 0) {
  console.error(`\nBENCH FAILED: ${failedChecks.length} correctness check(s) failed:\n${failedChecks.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
process.exit(0);

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './production';
import { timesFile, writeTierTable, type TierTimes } from './tier-table';
import { testSteps, type TierStep } from './tiers';

/**
 * `npm test`: every step of tests/support/tiers.ts in turn, then a table of each tier's wall time
 * (decision 660). The check and the build stop the run when they fail (nothing after them means
 * anything without them); a failing test tier fails the run after the other tiers have run, as
 * one `vitest run` over every project did. The times go to `tier-times.json` beside
 * tests/README.md and into the README's table.
 */

interface Ran {
  step: TierStep;
  seconds: number;
  code: number;
}

function run(step: TierStep): Promise<Ran> {
  if (step.report) rmSync(join(repoRoot, step.report), { force: true });
  const started = process.hrtime.bigint();
  console.log(`\n--- ${step.name}: ${step.command.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { cwd: repoRoot, stdio: 'inherit' });
    const done = (code: number) => resolve({ step, code, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    child.once('error', (error) => {
      console.error(error);
      done(1);
    });
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const ran: Ran[] = [];
for (const step of testSteps) {
  const result = await run(step);
  ran.push(result);
  if (result.code !== 0 && (step.tier === 'check' || step.tier === 'build')) break;
}

const tiers = new Map<string, { seconds: number; failed: string[] }>();
for (const { step, seconds, code } of ran) {
  const tier = tiers.get(step.tier) ?? { seconds: 0, failed: [] };
  tier.seconds += seconds;
  if (code !== 0) tier.failed.push(step.name);
  tiers.set(step.tier, tier);
}
const total = ran.reduce((sum, { seconds }) => sum + seconds, 0);

/**
 * The failed tests of each vitest step, named once more at the very end: a CI log keeps only its
 * tail, and without these lines it shows that a tier failed but not which test.
 */
interface VitestReport {
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}
for (const { step, code } of ran) {
  if (code === 0 || !step.report) continue;
  const path = join(repoRoot, step.report);
  console.log(`\n--- failed in ${step.name}`);
  if (!existsSync(path)) {
    console.log('(no report was written: the run stopped before its end)');
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8')) as VitestReport;
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter(({ status }) => status === 'failed');
    if (file.status !== 'failed' && failed.length === 0) continue;
    const name = relative(repoRoot, file.name);
    if (failed.length === 0) console.log(`${name}: ${(file.message ?? 'failed').split('\n')[0]}`);
    for (const test of failed) {
      console.log(`${name} > ${test.fullName}`);
      console.log(`    ${(test.failureMessages[0] ?? '').split('\n')[0]?.slice(0, 300)}`);
    }
  }
}

console.log('\n--- time per tier (wall)');
console.log(`${'tier'.padEnd(14)}${'seconds'.padStart(9)}  result`);
for (const [name, { seconds, failed }] of tiers) {
  console.log(`${name.padEnd(14)}${seconds.toFixed(0).padStart(9)}  ${failed.length ? `FAILED (${failed.join(', ')})` : 'passed'}`);
}
console.log(`${'total'.padEnd(14)}${total.toFixed(0).padStart(9)}`);

const complete = ran.length === testSteps.length;
if (complete) {
  const times: TierTimes = {
    measured: new Date().toISOString().slice(0, 10),
    where: process.env.CI ? 'CI' : 'by hand',
    seconds: Object.fromEntries([...tiers].map(([name, { seconds }]) => [name, Math.round(seconds)])),
    total: Math.round(total),
  };
  writeFileSync(timesFile(repoRoot), `${JSON.stringify(times, null, 2)}\n`);
  writeTierTable(repoRoot);
}

process.exit(ran.some(({ code }) => code !== 0) ? 1 : 0);

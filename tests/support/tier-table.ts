import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesOfTier, type TierName } from './tiers';

/**
 * The table of tiers in tests/README.md, between its two markers, is made here and never typed:
 * the file counts from the tree (the same globs vitest runs), the times from `tier-times.json` beside the README,
 * which each complete `npm test` writes (tests/support/run-tiers.ts). The architecture tier's
 * tier-counts test fails when the README's counts and the tree disagree; `npm run test:readme`
 * writes the table again.
 */

export const tableStart = '<!-- tier table: made by npm run test:readme, do not edit -->';
export const tableEnd = '<!-- end of tier table -->';

const testTiers: { tier: TierName; runs: string }[] = [
  { tier: 'unit', runs: '`*.unit.test.ts` beside the code and in `tests/`, but not `tests/architecture/`; `npm run test:fast`' },
  { tier: 'architecture', runs: 'the walks over the whole tree in `tests/architecture/`' },
  { tier: 'int', runs: '`*.int.test.ts`, two files at a time' },
  { tier: 'e2e', runs: '`tests/e2e/*.e2e.test.ts`, one after another' },
  { tier: 'int-alone', runs: '`tests/operations/`, `tests/fanout/`, the concurrent append, one after another' },
  { tier: 'faults', runs: '`tests/faults/`, short forms, one after another' },
];

export interface TierTimes {
  measured: string;
  where: string;
  seconds: Record<string, number>;
  total: number;
}

export function tierCounts(root: string): Record<TierName, number> {
  return Object.fromEntries(testTiers.map(({ tier }) => [tier, filesOfTier(root, tier).length])) as Record<TierName, number>;
}

/** Written by the first complete `npm test` on a machine, and by each one after. */
export const timesFile = (root: string) => path.join(root, 'tests', 'tier-times.json');

function readTimes(root: string): TierTimes | undefined {
  const file = timesFile(root);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TierTimes) : undefined;
}

export function tierTable(root: string): string {
  const counts = tierCounts(root);
  const times = readTimes(root);
  const time = (tier: string) => (times?.seconds[tier] === undefined ? '—' : `${times.seconds[tier]} s`);
  return [
    tableStart,
    '',
    times
      ? `Wall times of the last complete \`npm test\` (${times.where}, ${times.measured}; ${times.total} s in all):`
      : 'No complete `npm test` has written its times yet (the last CI run before the tiers ran one by one took 2,711 s in all):',
    '',
    '| tier (vitest project) | files | runs | wall time |',
    '| --- | --- | --- | --- |',
    `| check: typecheck, lint, format | — | \`npm run check\` | ${time('check')} |`,
    `| build | — | \`npm run build\` | ${time('build')} |`,
    ...testTiers.map(({ tier, runs }) => `| ${tier} | ${counts[tier]} | ${runs} | ${time(tier)} |`),
    '',
    tableEnd,
  ].join('\n');
}

/** The README's table as it stands, markers included; undefined when the markers are missing. */
export function readmeTierTable(root: string): string | undefined {
  const readme = readFileSync(path.join(root, 'tests/README.md'), 'utf8');
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  return start < 0 || end < start ? undefined : readme.slice(start, end + tableEnd.length);
}

export function writeTierTable(root: string): void {
  const file = path.join(root, 'tests/README.md');
  const readme = readFileSync(file, 'utf8');
  const current = readmeTierTable(root);
  if (current === undefined) throw new Error(`tests/README.md has no tier table markers (${tableStart})`);
  writeFileSync(file, readme.replace(current, tierTable(root)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeTierTable(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
}

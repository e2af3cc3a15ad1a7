import { globSync } from 'node:fs';

/**
 * The test tiers, once: which files each vitest project runs (vitest.config.ts reads these) and
 * the steps `npm test` runs in turn (tests/support/run-tiers.ts). The README's table of counts is
 * made from the same globs (tests/support/tier-table.ts), so a count cannot drift from the tree.
 */

const roots = '{domain,projections,demo,infra,apps,tests}';
export const ignoredFolders = ['**/node_modules/**', '**/build/**'];

/**
 * Int files that stop, restart, cut or time processes, or take over leadership: each runs alone,
 * after the rest, so another file's load cannot move what they measure (decision 310).
 */
export const intAlone = ['tests/operations/**', 'tests/fanout/**', 'tests/contract/concurrent-append.int.test.ts'];

/**
 * The walks over the whole tree (imports, links, routes, page actions, the pinned Node, these
 * counts): seconds each, so `npm run test:fast` leaves them to their own project (decision 660).
 */
const architecture = 'tests/architecture/**';

export type TierName = 'unit' | 'architecture' | 'int' | 'int-alone' | 'e2e' | 'faults';

export const tierFiles: Record<TierName, { include: string[]; exclude: string[] }> = {
  unit: { include: [`${roots}/**/*.unit.test.{ts,tsx}`], exclude: [...ignoredFolders, architecture] },
  architecture: { include: [`${architecture}/*.unit.test.ts`], exclude: ignoredFolders },
  int: { include: [`${roots}/**/*.int.test.{ts,tsx}`], exclude: [...ignoredFolders, 'tests/faults/**', ...intAlone] },
  'int-alone': { include: intAlone.map((glob) => (glob.endsWith('**') ? `${glob}/*.int.test.ts` : glob)), exclude: ignoredFolders },
  faults: { include: ['tests/faults/*.int.test.ts'], exclude: ignoredFolders },
  e2e: { include: ['tests/e2e/**/*.e2e.test.ts'], exclude: ignoredFolders },
};

/** The test files of a tier under `root`, relative to it, sorted: what its vitest project runs. */
export function filesOfTier(root: string, tier: TierName): string[] {
  const { include, exclude } = tierFiles[tier];
  return globSync(include, { cwd: root, exclude }).sort();
}

/** A step of `npm test`, in the order it runs; a tier's time is the sum of its steps'. */
export interface TierStep {
  tier: 'check' | 'build' | TierName;
  name: string;
  command: string[];
  /** The JSON report a vitest step writes, if it is one. */
  report?: string;
}

/** Where a tier's vitest writes its JSON report, read back to name the failures at the end. */
export const reportFile = (project: TierName) => `test-results/${project}.json`;

const vitest = (project: TierName): TierStep => ({
  tier: project,
  name: project,
  command: ['npx', 'vitest', 'run', '--project', project, '--reporter=verbose', '--reporter=json', `--outputFile.json=${reportFile(project)}`],
  report: reportFile(project),
});

/**
 * The order vitest's `groupOrder` gave them when one `vitest run` ran every project: unit and int,
 * then the browser files, then the files that run alone, then the fault suites.
 */
export const testSteps: TierStep[] = [
  { tier: 'check', name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { tier: 'check', name: 'lint', command: ['npm', 'run', 'lint'] },
  { tier: 'check', name: 'format', command: ['npm', 'run', 'format:check'] },
  { tier: 'build', name: 'build', command: ['npm', 'run', 'build'] },
  vitest('unit'),
  vitest('architecture'),
  vitest('int'),
  vitest('e2e'),
  vitest('int-alone'),
  vitest('faults'),
];

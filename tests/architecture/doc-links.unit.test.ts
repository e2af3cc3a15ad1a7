import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/production';
import { relativeLinks } from './markdown';

/**
 * The newcomer's way in (ARCHITECTURE.md, the docs, the READMEs) only points at files that exist,
 * and so do the repository paths that comments in the code cite: a file moved without its
 * citations fails here, naming each dead one. Decision records (docs/decisions/NNN-*.md) are
 * dated history and keep the paths of their day; their README's links are checked.
 */
const guides = [
  'ARCHITECTURE.md',
  'README.md',
  'BENCHMARKS.md',
  'apps/web/README.md',
  'tests/README.md',
  'docs/decisions/README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Files that cite made-up paths on purpose (fixtures of another test). */
const madeUpPaths = new Set([
  'tests/architecture/import-table.unit.test.ts',
  'tests/architecture/doc-links.unit.test.ts',
  'tests/architecture/route-reads.unit.test.ts',
]);

const sourceFolders = ['domain', 'projections', 'infra', 'demo', 'apps', 'tests'];
const skippedFolders = new Set(['node_modules', 'build', '.react-router', 'test-results']);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !madeUpPaths.has(relative) ? [relative] : [];
  });
}

/** Repository paths written out from the root (`domain/src/…/x.ts`), in prose, code spans or comments. */
export function citedPaths(text: string): string[] {
  const cited = /(?<![\w./$}{@-])((?:apps|domain|infra|demo|projections|tests|docs)\/[\w.$+/-]*\.(?:tsx?|md|css|json|ya?ml|sh))(?![\w/-])/g;
  return [...text.matchAll(cited)].map((m) => m[1]!);
}

const missing = (files: readonly string[], targetsOf: (file: string, text: string) => string[]) =>
  files.flatMap((file) => {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    return targetsOf(file, text)
      .filter((target) => !existsSync(path.join(repoRoot, target)))
      .map((target) => `${file} → ${target}`);
  });

describe('links and cited paths', () => {
  it('reads links and paths as a newcomer would follow them', () => {
    expect(relativeLinks('[a](domain/src/x.ts#L3) [b](https://x.test/y.ts) [c](#top) [d](../x.md "t")')).toEqual(['domain/src/x.ts', '../x.md']);
    expect(citedPaths('see domain/src/order/tax.ts, `apps/web/app/routes/$/route.ts` and ${w}/package.json or x/domain/y.ts')).toEqual([
      'domain/src/order/tax.ts',
      'apps/web/app/routes/$/route.ts',
    ]);
  });

  it('every relative link in the guides reaches a file that exists', () => {
    const existing = guides.filter((file) => existsSync(path.join(repoRoot, file)));
    expect(existing).toContain('ARCHITECTURE.md');
    expect(
      missing(existing, (file, text) => relativeLinks(text).map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)))),
    ).toEqual([]);
  });

  it('every repository path the guides and the code cite exists', () => {
    const files = [...guides.filter((file) => existsSync(path.join(repoRoot, file))), ...sourceFolders.flatMap(sourceFiles)];
    expect(missing(files, (_file, text) => citedPaths(text))).toEqual([]);
  });
});

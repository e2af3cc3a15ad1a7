import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { circlesOf, importGraph, sourceFiles } from './import-graph';

/**
 * No module imports one that imports it back (decision 586): lint's `import-x/no-cycle` refuses a
 * circle of run-time imports, and the graph walk here refuses any circle at all, type-only
 * imports included (the rule passes over those).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('import circles', { timeout: 60_000 }, () => {
  it('are none in the repository, counting type-only imports', () => {
    const files = sourceFiles(repoRoot);
    expect(files.length).toBeGreaterThan(500);
    const graph = importGraph(repoRoot, files);
    // The walk resolves the workspaces' names and the web app's #app paths, not only relative ones.
    expect(graph.get('apps/web/app/context.ts')?.size).toBeGreaterThan(0);
    expect([...(graph.get('infra/src/runtime.ts') ?? [])].some((f) => f.startsWith('domain/src/'))).toBe(true);
    expect(circlesOf(graph)).toEqual([]);
  });

  it('the walk finds a circle that a type-only import closes', () => {
    const code: Record<string, string> = {
      'domain/src/seating/decider.ts': "import { checkSeats } from './occupancy';\nexport const decide = checkSeats;\n",
      'domain/src/seating/occupancy.ts': "import type { SeatingState } from './decider';\nexport const checkSeats = (s: SeatingState) => s;\n",
      'domain/src/seating/allocation.ts': "import { checkSeats } from './occupancy';\n",
    };
    const graph = importGraph(repoRoot, Object.keys(code), (file) => code[file]!);
    expect(circlesOf(graph)).toEqual([['domain/src/seating/decider.ts', 'domain/src/seating/occupancy.ts']]);
  });

  it('lint refuses a module that closes a circle of run-time imports', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const filePath = path.join(repoRoot, 'tests/architecture/fixtures/cycle/first.ts');
    const closing = "import { second } from './second';\nexport const first = 1;\nexport const again = second;\n";
    const [closed] = await eslint.lintText(closing, { filePath });
    expect(closed!.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    const [open] = await eslint.lintText('export const first = 1;\n', { filePath });
    expect(open!.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toEqual([]);
  });
});

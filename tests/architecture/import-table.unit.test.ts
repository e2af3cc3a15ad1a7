import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's import table is enforced by lint (eslint.config.js): this lints files that
 * break it, as if they were written in the folders named, with the repository's own config.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading the repository's lint config (its plugins) takes seconds on a busy machine: a lint test waits for it.
describe('the import table', { timeout: 30_000 }, () => {
  it('refuses an import from infra inside domain', async () => {
    const problems = await problemsOf(
      'domain/src/seating/a-new-module.ts',
      "import { systemClock } from '@moncafe/infra/system';\nexport const clock = systemClock;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/domain is pure/);
  });

  it('refuses the same reached by climbing folders, and a driver, inside domain', async () => {
    const problems = await problemsOf(
      'domain/src/seating/a-new-module.ts',
      "import { sql } from 'kysely';\nimport { systemClock } from '../../../infra/src/system';\nexport const both = [sql, systemClock];\n",
    );
    expect(problems).toHaveLength(2);
  });

  it('refuses infra inside projections, and the web app inside infra', async () => {
    expect(await problemsOf('projections/src/menus/x.ts', "import { sha256Hex } from '@moncafe/infra/system';\nexport const h = sha256Hex;\n")).toHaveLength(1);
    expect(await problemsOf('infra/src/x.ts', "import { appOf } from '#app/context';\nexport const a = appOf;\n")).toHaveLength(1);
  });

  it('refuses infra inside the demo, and the demo inside domain, projections and the worker', async () => {
    const demoProblems = await problemsOf('demo/src/x.ts', "import { sha256Hex } from '@moncafe/infra/system';\nexport const h = sha256Hex;\n");
    expect(demoProblems).toHaveLength(1);
    expect(demoProblems[0]).toMatch(/demo cafe is loaded through the application services/);
    const importsDemo = "import { DEMO_STORE_ID } from '@moncafe/demo/demo-data';\nexport const id = DEMO_STORE_ID;\n";
    for (const file of ['domain/src/seating/x.ts', 'projections/src/menus/x.ts', 'apps/worker/src/x.ts'])
      expect(await problemsOf(file, importsDemo)).toHaveLength(1);
  });

  it('lets the demo use the domain, its tests the read models, and infra the demo', async () => {
    expect(await problemsOf('demo/src/x.ts', "import { addDays } from '@moncafe/domain/calendar/dates';\nexport const a = addDays;\n")).toEqual([]);
    expect(
      await problemsOf('demo/src/x.int.test.ts', "import { listStores } from '@moncafe/projections/stores/queries';\nexport const l = listStores;\n"),
    ).toEqual([]);
    expect(await problemsOf('infra/src/x.ts', "import { loadDemo } from '@moncafe/demo/load-demo';\nexport const l = loadDemo;\n")).toEqual([]);
  });

  it('lets each package import what its row allows', async () => {
    expect(await problemsOf('domain/src/seating/x.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
    expect(await problemsOf('projections/src/menus/x.ts', "import { DomainError } from '@moncafe/domain/decider';\nexport const e = DomainError;\n")).toEqual(
      [],
    );
    expect(await problemsOf('apps/web/app/x.ts', "import { sha256Hex } from '@moncafe/infra/system';\nexport const h = sha256Hex;\n")).toEqual([]);
  });
});

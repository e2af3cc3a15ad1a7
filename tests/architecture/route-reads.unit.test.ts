import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * A route module gets application services and named queries, never the database or the event
 * store (eslint.config.js, `routeStorage`): this lints routes that reach for them, as if they
 * were written under apps/web/app/routes, with the repository's own config.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const route = 'apps/web/app/routes/admin/a-new-screen/route.ts';

describe('what a route reads', { timeout: 30_000 }, () => {
  it('refuses the runtime’s database and event store, by member or by destructuring', async () => {
    const byMember = await problemsOf(
      route,
      "import { getRuntime } from '#app/context';\nexport async function loader({ context }: { context: never }) {\n  const runtime = getRuntime(context);\n  return runtime.db.selectFrom('orders').selectAll().execute();\n}\n",
    );
    expect(byMember).toHaveLength(1);
    expect(byMember[0]).toMatch(/never the database or the event store/);
    const destructured = await problemsOf(
      route,
      "import { getRuntime } from '#app/context';\nexport async function loader({ context }: { context: never }) {\n  const { eventStore } = getRuntime(context);\n  return eventStore.headPosition();\n}\n",
    );
    expect(destructured.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a database driver or the event store imported into a route, and still a climb out of the folder', async () => {
    const imports = await problemsOf(
      route,
      "import { sql } from 'kysely';\nimport { postgresEventStore } from '@moncafe/infra/eventstore/postgres';\nimport { x } from '../elsewhere';\nexport const all = [sql, postgresEventStore, x];\n",
    );
    expect(imports).toHaveLength(3);
  });

  it('lets a route read a named query and call a service, and leaves modules outside the routes alone', async () => {
    expect(
      await problemsOf(
        route,
        "import { appOf } from '#app/context';\nexport async function loader({ context }: { context: never }) {\n  const { queries } = appOf(context);\n  return queries.stores.list();\n}\n",
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        'apps/web/app/http/a-new-edge.server.ts',
        'export const head = (runtime: { eventStore: { headPosition(): number } }) => runtime.eventStore.headPosition();\n',
      ),
    ).toEqual([]);
  });
});

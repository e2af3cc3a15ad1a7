import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { seedEmptySystem } from '@moncafe/infra/seed';
import { createTestDatabase } from '../support/services';
import { until } from '../support/until';

export type StoreKind = 'pglite' | 'postgres';

/** A whole web process's system (runtime, projectors in-process), on PGlite in a temp folder or on its own PostgreSQL database. */
export async function startSystem(kind: StoreKind, serverUrl: string | null, options: { demo: boolean; secretsKey?: string }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-ops-'));
  const database = kind === 'postgres' ? await createTestDatabase(serverUrl!, 'moncafe_ops') : null;
  const secretsKey = options.secretsKey ?? 'ops-test-secrets-key-0123456789abcdef';
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: options.demo ? '1' : '0',
    SECRETS_KEY: secretsKey,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const runtime = await startRuntime(loadConfig(env), stubMails);
  if (options.demo) {
    await seedEmptySystem({ ...runtime, config: { ...runtime.config, adminEmail: 'owner@moncafe.test', adminPassword: 'owner-password-123' } });
  }
  return {
    runtime,
    dataDir,
    secretsKey,
    databaseUrl: database?.url ?? null,
    async close() {
      await runtime.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until every read model has applied everything the store holds. */
export async function caughtUp(runtime: Runtime) {
  await until(
    async () => {
      const status = await runtime.databaseAdmin.status();
      return status.readModels.every((m) => m.behind === 0 && m.checkpoint >= status.head);
    },
    { timeoutMs: 60_000, what: 'read models to catch up' },
  );
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { emptyEmbeddedDatabaseInto } from '../support/services';

/**
 * The retention run on the embedded database (decision 390). PGlite is one session: the run used to
 * hold that session for its advisory lock and then wait for it to read the stores, so the first
 * run, a minute after `npm start`, left every request of the site waiting for ever.
 */
describe('the retention run on embedded PGlite', () => {
  let runtime: Runtime;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-retention-embedded-'));
    await emptyEmbeddedDatabaseInto(dataDir);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRETS_KEY: 'retention-embedded-secrets-key-0123456789', RUN_NOTIFICATIONS: '0' };
    runtime = await startRuntime(loadConfig(env), { ...stubMails, clock: manualClock(new Date('2027-01-10T01:00:00.000Z')) });
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes, and the database answers other callers during and after it', { timeout: 30_000 }, async () => {
    const run = runtime.retention.runOnce();
    const meanwhile = runtime.queries.stores.list({ closed: true });
    expect(await run).toMatchObject({ forgotten: 0 });
    expect(Array.isArray(await meanwhile)).toBe(true);
    // A second run in the same process after the first: not refused by a lock left behind.
    expect(await runtime.retention.runOnce()).toMatchObject({ forgotten: 0 });
  });
});

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { startWorker } from '../support/worker';

/**
 * Decision 195: a web process that leaves the projectors to a worker (RUN_PROJECTIONS=0)
 * and started before any worker seeded the demo against read models nobody built, died half-way
 * (`not_store_staff`) and left the demo half-loaded for good. It now waits for the worker, says
 * so, and completes the demo once one runs.
 */
const serverUrl = await postgresUrl();

describe.skipIf(!serverUrl)('seeding before any worker', () => {
  let database: TestDatabase | null = null;
  let server: TestWebServer | null = null;
  let worker: ReturnType<typeof startWorker> | null = null;
  afterAll(async () => {
    await server?.close();
    await worker?.stop();
    await database?.drop();
  });

  it('waits for the worker and completes the demo once it starts', async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_seed');
    let output = '';
    let failed: unknown = null;
    const starting = startTestWebServer({ env: { DATABASE_URL: database.url, RUN_PROJECTIONS: '0' }, onOutput: (text) => (output += text) });
    starting.catch((error: unknown) => (failed = error));
    await until(() => failed !== null || output.includes('waiting for a worker to build the read models'), {
      what: 'the web process to wait for a worker',
      timeoutMs: 60_000,
    });
    expect(failed).toBeNull();

    worker = startWorker(database.url);
    server = await starting;
    expect((await fetch(`${server.url}/api/stores`)).status).toBe(200);
    // The demo's last steps are in the store: the staff's shift wishes and the menu's stock.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ type: string; n: number }>(
        `select type, count(*)::int as n from events where type in ('ShiftsSubmitted', 'StockSet') group by type`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.type, r.n]))).toMatchObject({ ShiftsSubmitted: expect.any(Number) });
    } finally {
      await client.end();
    }
    expect(output).toContain('demo data loaded');
  }, 180_000);
});

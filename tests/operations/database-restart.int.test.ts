import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { freePort, startTestWebServer, type TestWebServer } from '../support/web-server';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * Decision 194: an immediate stop of PostgreSQL while requests hold connections ended the
 * web process (a checked-out pg connection had no error listener), and nothing brought it back.
 * Now the process survives, answers 503 with Retry-After while the database is away, and serves
 * again once it is back, without a restart (decision 194).
 */
describe.skipIf(!canRunThrowawayPostgres)('a PostgreSQL restart under load', () => {
  let database: ThrowawayPostgres | null = null;
  let server: TestWebServer | null = null;
  afterAll(async () => {
    await server?.close();
    await database?.destroy();
  });

  it('keeps the web process alive, answers 503 with Retry-After meanwhile and 200 afterwards', async () => {
    database = await startThrowawayPostgres(await freePort());
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, DEMO_DATA: '0' } });
    const url = server.url;
    const stores = () => fetch(`${url}/api/stores`).then((r) => ({ status: r.status, retryAfter: r.headers.get('retry-after') }));
    await until(async () => (await stores().catch(() => ({ status: 0 }))).status === 200, { what: 'the stores call to answer', timeoutMs: 30_000 });

    // Ten clients asking over and over, so queries are in flight on held connections when the server goes.
    let loading = true;
    let answered = 0;
    const clients = Array.from({ length: 10 }, async () => {
      while (loading) {
        await stores().catch(() => undefined);
        answered++;
      }
    });
    await until(() => answered >= 50, { what: 'requests to be flowing' });
    await database.stop('immediate');
    const afterStop = answered;
    await until(() => answered >= afterStop + 30, { what: 'requests answered while the database is away', timeoutMs: 30_000 }).catch(() => undefined);
    loading = false;
    await Promise.all(clients);

    // Alive, and saying "come back later" rather than 500.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const down = await stores();
    expect(down.status).toBe(503);
    expect(Number(down.retryAfter)).toBeGreaterThan(0);

    await database.start();
    await until(async () => (await stores()).status === 200, { what: 'the stores call to answer 200 again', timeoutMs: 30_000 });
    await until(async () => (await fetch(`${url}/readyz`)).status === 200, { what: '/readyz to answer 200 again', timeoutMs: 30_000 });
    expect(server.output().match(/MonCafe is serving/g)).toHaveLength(1);
  }, 120_000);
});

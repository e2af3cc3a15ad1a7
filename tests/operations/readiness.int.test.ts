import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { freePort, startTestWebServer, type TestWebServer } from '../support/web-server';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * /readyz follows PostgreSQL (decision 176): 503 while the database server is stopped, 200 again
 * once it is back, and the web process is the same one throughout (it never restarted).
 */
describe.skipIf(!canRunThrowawayPostgres)('readiness', () => {
  let database: ThrowawayPostgres | null = null;
  let server: TestWebServer | null = null;
  afterAll(async () => {
    await server?.close();
    await database?.destroy();
  });

  const readyz = async () => {
    const answer = await fetch(`${server!.url}/readyz`);
    return { status: answer.status, body: (await answer.json()) as { status: string; checks?: Record<string, { ok: boolean; detail?: string }> } };
  };

  it('answers 503 while PostgreSQL is stopped and 200 when it is back, without a restart', async () => {
    database = await startThrowawayPostgres(await freePort());
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, DEMO_DATA: '0' } });
    await until(async () => (await readyz()).status === 200, { what: 'the server to be ready', timeoutMs: 30_000 });

    await database.stop();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('not ready');
    expect(down.body.checks?.database).toEqual({ ok: false, detail: 'unreachable' });
    expect(JSON.stringify(down.body)).not.toContain('postgres://');
    // Alive all the same: a process manager must not restart it for this.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await database.start();
    await until(async () => (await readyz()).status === 200, { what: '/readyz to answer 200 again', timeoutMs: 30_000 });
    expect((await readyz()).body.checks).toEqual({ database: { ok: true }, bus: { ok: true }, migrations: { ok: true }, projections: { ok: true } });
    expect(server.output().match(/MonCafe is serving/g)).toHaveLength(1);
  }, 120_000);
});

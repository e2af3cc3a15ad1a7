import { afterAll, describe, expect, it } from 'vitest';
import { demoCoursesReady, firstBookable, LUNCH } from '../reservation/booking-steps';
import { HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { until } from '../support/until';
import { startWorker } from '../support/worker';
import { freePort, startTestWebServer, type TestWebServer } from '../support/web-server';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const serverUrl = await postgresUrl();

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
    return {
      status: answer.status,
      body: (await answer.json()) as { status: string; checks?: Record<string, { ok: boolean; detail?: string }>; lag?: { events: number; seconds: number } },
    };
  };

  it('answers 503 while PostgreSQL is stopped and 200 when it is back, without a restart', async () => {
    database = await startThrowawayPostgres(await freePort());
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, DEMO_DATA: '0' } });
    await until(async () => (await readyz()).status === 200, { what: 'the server to be ready', timeoutMs: 30_000 });

    await database.stop();
    // Answered from memory kept fresh every second (decision 551): the next look sees the refusal.
    await until(async () => (await readyz()).status === 503, { what: '/readyz to see PostgreSQL gone', timeoutMs: 10_000 });
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('not ready');
    expect(down.body.checks?.database).toEqual({ ok: false, detail: 'unreachable' });
    expect(JSON.stringify(down.body)).not.toContain('postgres://');
    // Alive all the same: a process manager must not restart it for this.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await database.start();
    await until(async () => (await readyz()).status === 200, { what: '/readyz to answer 200 again', timeoutMs: 30_000 });
    expect((await readyz()).body.checks).toEqual({ database: { ok: true }, bus: { ok: true }, migrations: { ok: true }, loops: { ok: true } });
    expect(server.output().match(/MonCafe is serving/g)).toHaveLength(1);
  }, 120_000);
});

/**
 * Lag is not a reason to leave the balancer (decision 551): with the worker that projects gone,
 * the web process goes on taking bookings, says how far behind its read models are in /readyz's
 * body and in /metrics, logs it once, and stays ready.
 */
describe.skipIf(!serverUrl)('readiness while the worker is away', () => {
  let database: TestDatabase | null = null;
  let server: TestWebServer | null = null;
  let worker: ReturnType<typeof startWorker> | null = null;
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await database?.drop();
  });

  it('stays ready and reports the lag in /readyz and /metrics, logged once', async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_lag');
    worker = startWorker(database.url);
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, RUN_PROJECTIONS: '0', READY_MAX_LAG_SECONDS: '2' } });
    await demoCoursesReady(server.url);
    await worker.stop();

    const guest = new HttpClient(server.url);
    const { date, time } = await firstBookable(guest, 2, [LUNCH]);
    expect((await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] })).status).toBe(200);
    type Body = { status: string; checks: Record<string, { ok: boolean }>; lag: { events: number; seconds: number } };
    const readyz = async () => {
      const answer = await fetch(`${server!.url}/readyz`);
      return { status: answer.status, body: (await answer.json()) as Body };
    };
    await until(async () => (await readyz()).body.lag.seconds > 2, { what: 'the lag to pass READY_MAX_LAG_SECONDS', timeoutMs: 30_000 });
    const behind = await readyz();
    expect(behind.status).toBe(200);
    expect(behind.body.status).toBe('ready');
    expect(behind.body.lag.events).toBeGreaterThan(0);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const lagSeconds = [...metrics.matchAll(/^moncafe_projection_lag_seconds\{[^}]*\} (\S+)$/gm)].map((m) => Number(m[1]));
    expect(Math.max(...lagSeconds)).toBeGreaterThan(2);
    await until(() => /read models behind the event store; still ready/.test(server!.output()), { what: 'the lag line', timeoutMs: 5000 });
    expect(server.output().match(/read models behind the event store; still ready/g)).toHaveLength(1);
  }, 240_000);
});

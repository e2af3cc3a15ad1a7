import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../support/services';
import { until } from '../support/until';
import { writeEvents } from './support/events';
import { accepts, freePort, type Child } from './support/processes';
import { openWorkerWorld, type WorkerWorld } from './support/worker-world';

/**
 * A worker's clean stop (decision 175): SIGTERM while events stream in and its projector is
 * applying them. It exits 0 within its bound, its relay lead is released so the standby worker
 * leads within 2 s, and once the standby has caught up the read model equals a replay.
 */
const serverUrl = await postgresUrl();
const natsBinary = '/usr/sbin/nats-server';

describe.skipIf(!serverUrl || !existsSync(natsBinary))('a worker stops cleanly', () => {
  let world: WorkerWorld;
  beforeAll(async () => {
    world = await openWorkerWorld(serverUrl!, 'MONCAFE_GRACEFUL_TEST');
  });
  afterAll(async () => {
    await world?.close();
  });

  const startWorker = (probePort: number, env: Record<string, string> = {}): Child =>
    world.startWorker({
      NATS_SUBJECT_PREFIX: 'graceful',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      WORKER_PORT: String(probePort),
      HOST: '127.0.0.1',
      ...env,
    });
  /** The worker's `moncafe_relay_leader` from its /metrics (WORKER_PORT). */
  const leads = async (probePort: number) => /^moncafe_relay_leader 1$/m.test(await (await fetch(`http://127.0.0.1:${probePort}/metrics`)).text());
  const projected = () => world.projected();

  it('exits 0 mid-stream, hands the relay lead to the standby within 2 s, and leaves read models equal to a replay', async () => {
    await world.startNats();
    const [firstPort, standbyPort] = [await freePort(), await freePort()];
    const first = startWorker(firstPort);
    await until(() => /relay is leading/.test(first.output()), { what: 'the first worker to lead', timeoutMs: 60_000 });
    // The standby drains its probe port for 2 s when it stops (decision 550).
    const standby = startWorker(standbyPort, { SHUTDOWN_DRAIN_SECONDS: '2' });
    await until(() => /"msg":"worker started"/.test(standby.output()), { what: 'the standby to start', timeoutMs: 60_000 });
    expect(standby.output()).not.toMatch(/relay is leading/);
    // Each worker answers its probes: both ready, the first one leading.
    for (const port of [firstPort, standbyPort]) {
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    }
    expect([await leads(firstPort), await leads(standbyPort)]).toEqual([true, false]);

    let written = false;
    const writing = writeEvents(world.store, { total: 3000, streams: 24, writers: 4, prefix: 'g' }).finally(() => (written = true));
    await until(async () => (await projected()) >= 300, { what: 'events to be projected', timeoutMs: 60_000 });
    // Work is in flight: events are still being written (and relayed and applied) when the signal comes.
    expect(written).toBe(false);

    const signalled = performance.now();
    expect(await first.kill('SIGTERM'), first.output()).toBe(0);
    const stoppedAt = performance.now();
    expect(stoppedAt - signalled).toBeLessThan(5000);
    expect(first.output()).toMatch(/"msg":"stopped"/);
    await until(() => /relay is leading/.test(standby.output()), { what: 'the standby to take the lead', timeoutMs: 2000, everyMs: 20 });
    expect(performance.now() - stoppedAt).toBeLessThan(2000);
    expect(await leads(standbyPort)).toBe(true);

    const last = await writing;
    await until(async () => (await projected()) === last, { what: 'the standby to project everything', timeoutMs: 120_000, everyMs: 100 });
    // Its probe port keeps answering through the drain, /readyz saying it is stopping, then closes.
    const standbySignalled = performance.now();
    const standbyExit = standby.kill('SIGTERM');
    await until(async () => (await fetch(`http://127.0.0.1:${standbyPort}/readyz`)).status === 503, { what: 'the stopping worker to say so', timeoutMs: 1500 });
    expect(await (await fetch(`http://127.0.0.1:${standbyPort}/readyz`)).json()).toEqual({ status: 'stopping' });
    expect((await fetch(`http://127.0.0.1:${standbyPort}/metrics`)).status).toBe(200);
    expect(await standbyExit, standby.output()).toBe(0);
    expect(performance.now() - standbySignalled).toBeGreaterThanOrEqual(2000);
    expect(await accepts(standbyPort)).toBe(false);

    const { actual, expected } = await world.dumps();
    expect(actual.log.length).toBe(3000);
    expect(actual).toEqual(expected);
  }, 240_000);
});

import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { Readiness } from './health';
import { startProbeThread, type ProbeThread } from './probe-thread';

const quiet = { warn() {} };
const readyState: Readiness = { ready: true, checks: { database: { ok: true } }, lag: { events: 3, seconds: 1.5 } };

async function probe(thread: ProbeThread, path: string) {
  const answer = await fetch(`http://127.0.0.1:${thread.port}${path}`);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Waits (without sleeping a fixed time) until the thread has heard the main thread's newest state. */
async function untilAnswer(thread: ProbeThread, path: string, status: number) {
  for (const deadline = performance.now() + 5000; ;) {
    const answer = await probe(thread, path);
    if (answer.status === status || performance.now() > deadline) return answer;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the probe thread (decision 600)', () => {
  let thread: ProbeThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it("answers /readyz 200 and 503 from the main thread's state, with its checks and lag, and 503 `stopping` once told", async () => {
    let readiness = readyState;
    let stopping = false;
    thread = await startProbeThread({ port: 0, host: '127.0.0.1', readiness: () => readiness, stopping: () => stopping, logger: quiet, heartbeatMs: 20 });

    expect(await probe(thread, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: { ok: true }, mainLoop: { ok: true } }, lag: { events: 3, seconds: 1.5 } },
    });
    expect(await probe(thread, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    readiness = { ready: false, checks: { database: { ok: false, detail: 'unreachable' } }, lag: { events: 0, seconds: 0 } };
    expect(await untilAnswer(thread, '/readyz', 503)).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { database: { ok: false, detail: 'unreachable' }, mainLoop: { ok: true } }, lag: { events: 0, seconds: 0 } },
    });

    readiness = readyState;
    expect((await untilAnswer(thread, '/readyz', 200)).status).toBe(200);
    // The stop publishes at once rather than at the next beat.
    stopping = true;
    thread.publish();
    expect(await untilAnswer(thread, '/readyz', 503)).toEqual({ status: 503, body: { status: 'stopping' } });
    expect((await probe(thread, '/healthz')).status).toBe(200);
    expect((await probe(thread, '/metrics')).status).toBe(404);
  });

  it('answers while the main loop is blocked, and turns /readyz 503 when its heartbeat is older than the bound', async () => {
    thread = await startProbeThread({
      port: 0,
      host: '127.0.0.1',
      readiness: () => readyState,
      stopping: () => false,
      logger: quiet,
      heartbeatMs: 50,
      staleAfterMs: 1500,
    });
    expect((await probe(thread, '/readyz')).status).toBe(200);

    // This thread blocks in execFileSync (no timers, no heartbeat) while another process probes
    // the port until it says the main loop is silent; every probe must be answered meanwhile.
    const prober = `
      const statuses = [];
      const deadline = Date.now() + 20000;
      (async () => {
        for (;;) {
          const answer = await fetch('http://127.0.0.1:${thread.port}/readyz', { signal: AbortSignal.timeout(1000) });
          const body = await answer.json();
          statuses.push(answer.status);
          if (answer.status === 503 || Date.now() > deadline) {
            console.log(JSON.stringify({ statuses, body }));
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();`;
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', prober], { encoding: 'utf8' })) as {
      statuses: number[];
      body: { status: string; checks: Record<string, { ok: boolean; detail?: string }> };
    };
    expect(seen.statuses.at(-1)).toBe(503);
    expect(seen.statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(seen.body.status).toBe('not ready');
    expect(seen.body.checks.database).toEqual({ ok: true });
    expect(seen.body.checks.mainLoop).toMatchObject({ ok: false, detail: expect.stringMatching(/^not answering for \d+(\.\d)? s$/) });

    // The loop free again, the next beat makes it ready.
    expect((await untilAnswer(thread, '/readyz', 200)).body.checks).toEqual({ database: { ok: true }, mainLoop: { ok: true } });
  });

  it('turns /healthz 503 only when the main loop has been silent past the liveness bound', async () => {
    let broken = false;
    const readiness = () => {
      // A main thread that cannot read its state sends no heartbeat.
      if (broken) throw new Error('no state');
      return readyState;
    };
    thread = await startProbeThread({
      port: 0,
      host: '127.0.0.1',
      readiness,
      stopping: () => false,
      logger: quiet,
      heartbeatMs: 20,
      staleAfterMs: 100,
      deadAfterMs: 300,
    });
    expect((await probe(thread, '/healthz')).status).toBe(200);
    broken = true;
    expect((await untilAnswer(thread, '/readyz', 503)).body.checks).toMatchObject({ mainLoop: { ok: false } });
    const dead = await untilAnswer(thread, '/healthz', 503);
    expect(dead).toMatchObject({ status: 503, body: { status: 'main loop not answering' } });
  });

  it('refuses to start on a port that is taken, naming it', async () => {
    thread = await startProbeThread({ port: 0, host: '127.0.0.1', readiness: () => readyState, stopping: () => false, logger: quiet });
    await expect(startProbeThread({ port: thread.port, host: '127.0.0.1', readiness: () => readyState, stopping: () => false, logger: quiet })).rejects.toThrow(
      `configuration error: PROBE_PORT (${thread.port}) could not be listened on: EADDRINUSE`,
    );
  });
});

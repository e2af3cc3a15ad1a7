import http from 'node:http';
import { accepts } from '../fanout/support/processes';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * The web process's stop (decision 175), over a real process: SIGTERM in the middle of 50 slow
 * requests and open /live streams. The slow answers come from the test-only `/__test/slow`
 * (NODE_ENV=test): the server holds them, the test never sleeps.
 */

/** A GET that resolves with the status, the whole body and whether the connection ended cleanly; `started` once the head and first line arrived. */
function slowGet(url: string): { started: Promise<void>; done: Promise<{ status: number; body: string }> } {
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.startsWith('started\n')) markStarted();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { started, done };
}

/** An SSE stream: resolves with everything received once the server ends it. */
function liveStream(url: string): { opened: Promise<void>; ended: Promise<string> } {
  let markOpened!: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const ended = new Promise<string>((resolve, reject) => {
    const req = http.get(`${url}/live?topics=catalog`, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('retry: 3000')) markOpened();
      });
      res.on('end', () => resolve(text));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { opened, ended };
}

/** A GET on `agent` (kept alive, or a new connection each time): the status, its `Connection` header, or the error's code. */
function get(url: string, agent: http.Agent | false): Promise<{ status: number; connection: string | undefined } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

describe('a web process stops cleanly', () => {
  let server: TestWebServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('answers every started request in full, ends /live streams with a retry hint, closes its port and exits 0 within its bound', async () => {
    server = await startTestWebServer({ env: { DEMO_DATA: '0', SHUTDOWN_TIMEOUT_SECONDS: '10' } });
    const port = Number(new URL(server.url).port);
    const requests = Array.from({ length: 50 }, () => slowGet(`${server!.url}/__test/slow?ms=1500`));
    const streams = Array.from({ length: 3 }, () => liveStream(server!.url));
    await Promise.all([...requests.map((r) => r.started), ...streams.map((s) => s.opened)]);

    const signalled = performance.now();
    const exit = server.signal('SIGTERM');
    const answers = await Promise.all(requests.map((r) => r.done));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/^started\n\.{4096}\ndone\n$/);
    }
    for (const text of await Promise.all(streams.map((s) => s.ended))) expect(text).toMatch(/retry: 500\n\n$/);
    expect(await exit).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect(await accepts(port)).toBe(false);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  }, 60_000);

  it('drains: /readyz 503 at once, every request sent during the window answered (kept-alive ones told to close), then the port closes', async () => {
    server = await startTestWebServer({ env: { DEMO_DATA: '0', SHUTDOWN_DRAIN_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '10' } });
    const port = Number(new URL(server.url).port);
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
    // Warm kept-alive connections: their next answer must carry `Connection: close`.
    expect(await Promise.all(Array.from({ length: 4 }, () => get(`${server!.url}/healthz`, keptAlive)))).toEqual(
      Array.from({ length: 4 }, () => ({ status: 200, connection: 'keep-alive' })),
    );

    const signalled = performance.now();
    const exit = server.signal('SIGTERM');
    // A burst sent at the moment of the signal, as a balancer does before it notices.
    const burst = Array.from({ length: 30 }, (_, i) => get(`${server!.url}/healthz?i=${i}`, false));
    await until(
      async () => {
        const answer = await get(`${server!.url}/readyz`, false);
        return 'status' in answer && answer.status === 503;
      },
      { what: '/readyz to say stopping', timeoutMs: 2000 },
    );
    const during: Awaited<ReturnType<typeof get>>[] = [];
    while (during.length === 0 || performance.now() - signalled < 3000) {
      during.push(await get(`${server.url}/healthz`, false));
      during.push(await get(`${server.url}/healthz`, keptAlive));
    }
    for (const answer of [...(await Promise.all(burst)), ...during]) expect(answer).toMatchObject({ status: 200 });
    // A kept-alive client is told to go elsewhere on its next answer.
    expect(during.filter((a) => 'connection' in a && a.connection === 'close').length).toBeGreaterThan(0);
    expect(during.every((a) => 'connection' in a && a.connection === 'close')).toBe(true);
    expect(await exit).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(5000);
    expect(await accepts(port)).toBe(false);
    expect(server.output()).toMatch(/"msg":"draining: not ready, still answering"/);
    keptAlive.destroy();
  }, 60_000);

  it('answers on its probe port from a thread of its own: ready, then 503 `stopping` at once at SIGTERM through the drain, then closed', async () => {
    server = await startTestWebServer({ probe: true, env: { DEMO_DATA: '0', SHUTDOWN_DRAIN_SECONDS: '3', SHUTDOWN_TIMEOUT_SECONDS: '10' } });
    const probeUrl = server.probeUrl!;
    const ready = await fetch(`${probeUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, mainLoop: { ok: true } } });
    expect(await get(`${probeUrl}/healthz`, false)).toMatchObject({ status: 200 });

    const signalled = performance.now();
    const exit = server.signal('SIGTERM');
    await until(
      async () => {
        const answer = await get(`${probeUrl}/readyz`, false);
        return 'status' in answer && answer.status === 503;
      },
      { what: 'the probe port to say stopping', timeoutMs: 1000 },
    );
    expect(await (await fetch(`${probeUrl}/readyz`)).json()).toEqual({ status: 'stopping' });
    // Through the drain the main port still answers and the probe port keeps saying so.
    const during: Awaited<ReturnType<typeof get>>[] = [];
    while (performance.now() - signalled < 2000) {
      during.push(await get(`${probeUrl}/readyz`, false));
      during.push(await get(`${server.url}/healthz`, false));
    }
    expect(during.filter((_, i) => i % 2 === 0).every((a) => 'status' in a && a.status === 503)).toBe(true);
    expect(during.filter((_, i) => i % 2 === 1).every((a) => 'status' in a && a.status === 200)).toBe(true);
    expect(await exit).toBe(0);
    expect(await accepts(Number(new URL(probeUrl).port))).toBe(false);
  }, 60_000);

  it('exits 1 when a request outlasts the stop bound', async () => {
    server = await startTestWebServer({ env: { DEMO_DATA: '0', SHUTDOWN_TIMEOUT_SECONDS: '0.5' } });
    const slow = slowGet(`${server.url}/__test/slow?ms=20000`);
    slow.done.catch(() => undefined);
    await slow.started;
    expect(await server.signal('SIGTERM')).toBe(1);
    expect(server.output()).toMatch(/stop did not finish in time/);
  }, 60_000);
});

import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from '@moncafe/infra/operations/metrics';
import type { Runtime } from '@moncafe/infra/runtime';
import { logsRequest, requestLog } from './request-log';

interface Line {
  path: string;
  status: number;
  reqId: string;
}

/** requestLog in front of a bare express app with the probes' paths, its log lines collected. */
describe('the access log', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  async function serve() {
    const lines: Line[] = [];
    const waiting: { path: string; resolve: () => void }[] = [];
    const logger = {
      info(fields: Line, msg: string) {
        if (msg !== 'request') return;
        lines.push(fields);
        for (const w of waiting.filter((w) => w.path === fields.path)) w.resolve();
      },
    } as unknown as Runtime['logger'];
    const metrics = createMetrics();
    let ready = true;
    let n = 0;
    const app = express();
    app.use(requestLog({ logger, metrics, ids: { uuid: () => `request-${++n}-0000`, token: () => 'token' }, routeOf: (path) => path }));
    app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    app.get('/readyz', (_req, res) => res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' }));
    app.get('/menu', (_req, res) => res.json({ items: [] }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      lines,
      metrics,
      setReady: (value: boolean) => void (ready = value),
      /** Fetches `path` and reads the whole answer: its status. */
      async get(path: string) {
        const answer = await fetch(`${url}${path}`);
        await answer.text();
        return answer.status;
      },
      lineOf: (path: string) => (lines.some((l) => l.path === path) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ path, resolve }))),
    };
  }

  it('writes no line for a /healthz or /readyz answered 200, and one for any other request', async () => {
    const app = await serve();
    expect(await app.get('/healthz')).toBe(200);
    expect(await app.get('/readyz')).toBe(200);
    expect(await app.get('/menu')).toBe(200);
    // The probes' answers finished before the page was asked for: their lines would be in by now.
    await app.lineOf('/menu');
    expect(app.lines.map((l) => [l.path, l.status])).toEqual([['/menu', 200]]);
    // Still counted in the metrics, by route and status.
    const counted = (await app.metrics.httpDuration.get()).values.filter((v) => v.metricName === 'moncafe_http_request_duration_seconds_count');
    expect(counted.map((v) => [v.labels.route, v.labels.status, v.value]).sort()).toEqual([
      ['/healthz', '200', 1],
      ['/menu', '200', 1],
      ['/readyz', '200', 1],
    ]);
  });

  it('keeps the line of a failed probe', async () => {
    const app = await serve();
    app.setReady(false);
    expect(await app.get('/readyz')).toBe(503);
    await app.lineOf('/readyz');
    expect(app.lines).toEqual([expect.objectContaining({ path: '/readyz', status: 503, reqId: expect.stringMatching(/^request-\d+-0000$/) })]);
  });

  it('logs every status but 200 on the probe paths, and every status elsewhere', () => {
    expect(logsRequest('/healthz', 200)).toBe(false);
    expect(logsRequest('/readyz', 200)).toBe(false);
    expect(logsRequest('/readyz', 503)).toBe(true);
    expect(logsRequest('/healthz', 499)).toBe(true);
    expect(logsRequest('/healthz/', 200)).toBe(true);
    expect(logsRequest('/menu', 200)).toBe(true);
  });
});

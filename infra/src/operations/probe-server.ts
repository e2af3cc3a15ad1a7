import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from './health';
import { mayReadMetrics } from './metrics-access';
import { closeWhenIdle } from './stop';
import type { Metrics } from './metrics';

/**
 * `/healthz`, `/readyz` and `/metrics` for a process that serves nothing else (the worker, with
 * WORKER_PORT set): the same answers and the same access rule as the web process's (decisions
 * 176, 177), on a bare node:http server.
 */
export async function startProbeServer(options: {
  port: number;
  host: string;
  metrics: Metrics;
  metricsToken: string | undefined;
  /** From memory (decision 551): a probe never waits on a query. */
  readiness(): Readiness;
  /** While true, /readyz answers 503 `stopping`. */
  stopping?(): boolean;
}): Promise<{ port: number; close(): Promise<void> }> {
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      if (options.stopping?.()) return json(res, 503, { status: 'stopping' });
      const { ready, checks, lag } = options.readiness();
      return json(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks, lag });
    }
    if (path === '/metrics') {
      if (!mayReadMetrics(req.socket.remoteAddress, req.headers.authorization, options.metricsToken)) return json(res, 403, { error: 'forbidden' });
      void options.metrics.scrape().then(({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(body);
      });
      return;
    }
    json(res, 404, { error: 'not found' });
  });
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    port: (server.address() as AddressInfo).port,
    // A probe or scrape in hand is answered, never reset (decision 550).
    close: () => closeWhenIdle(server),
  };
}

import express, { type Router } from 'express';
import { mayReadMetrics } from '@moncafe/infra/operations/metrics-access';
import type { Runtime } from '@moncafe/infra/runtime';

/**
 * `/healthz`, `/readyz` and `/metrics`, served before React Router: no session, no rate limit, no
 * redirect, no secret in the answer (decisions 176, 177).
 *
 * - `/healthz`: the process is alive and serving (200 `{status:"ok"}`).
 * - `/readyz`: 200 when ready for traffic, 503 (with the failing checks named) when PostgreSQL
 *   or the bus is away, a supervised loop has been down too long, or the process is stopping;
 *   the read models' lag in `lag`, never a reason for 503 (decision 551).
 * - `/metrics`: Prometheus text. Open to a loopback peer; from anywhere else only with
 *   `Authorization: Bearer $METRICS_TOKEN`, and refused when no token is configured. The peer is
 *   the socket's, never X-Forwarded-For: a request through a proxy on this machine is a loopback
 *   peer, so a proxy that publishes the server must not forward /metrics (README).
 */
export function operationsEndpoints(runtime: Pick<Runtime, 'readiness' | 'metrics' | 'config'>, state: { stopping(): boolean }): Router {
  const router = express.Router();
  const noStore = { 'Cache-Control': 'no-store' };
  router.get('/healthz', (_req, res) => {
    res.set(noStore).json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    if (state.stopping()) {
      res.status(503).set(noStore).json({ status: 'stopping' });
      return;
    }
    // From memory, kept fresh in the background (decision 551): the answer never waits on a query.
    const { ready, checks, lag } = runtime.readiness();
    res
      .status(ready ? 200 : 503)
      .set(noStore)
      .json({ status: ready ? 'ready' : 'not ready', checks, lag });
  });
  router.get('/metrics', async (req, res) => {
    if (!mayReadMetrics(req.socket.remoteAddress, req.get('authorization'), runtime.config.metricsToken)) {
      res.status(403).set(noStore).json({ error: 'forbidden' });
      return;
    }
    const { contentType, body } = await runtime.metrics.scrape();
    res.status(200).set(noStore).type(contentType).send(body);
  });
  return router;
}

import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import express, { type Router } from 'express';
import type { Runtime } from '@moncafe/infra/runtime';

/** A loopback peer: 127.0.0.0/8, ::1, or an IPv4 loopback address written as IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `/healthz`, `/readyz` and `/metrics`, served before React Router: no session, no rate limit, no
 * redirect, no secret in the answer (decisions 176, 177).
 *
 * - `/healthz`: the process is alive and serving (200 `{status:"ok"}`).
 * - `/readyz`: 200 when ready for traffic, 503 (with the failing checks named) when PostgreSQL
 *   or the bus is away, a projector lags, or the process is stopping.
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
  router.get('/readyz', async (_req, res) => {
    if (state.stopping()) {
      res.status(503).set(noStore).json({ status: 'stopping' });
      return;
    }
    const { ready, checks } = await runtime.readiness();
    res
      .status(ready ? 200 : 503)
      .set(noStore)
      .json({ status: ready ? 'ready' : 'not ready', checks });
  });
  router.get('/metrics', async (req, res) => {
    const token = runtime.config.metricsToken;
    if (!isLoopback(req.socket.remoteAddress) && !(token && tokenMatches(req.get('authorization'), token))) {
      res.status(403).set(noStore).json({ error: 'forbidden' });
      return;
    }
    const { contentType, body } = await runtime.metrics.scrape();
    res.status(200).set(noStore).type(contentType).send(body);
  });
  return router;
}

import type { RequestHandler } from 'express';
import type { Metrics } from '@moncafe/infra/operations/metrics';
import { inRequest } from '@moncafe/infra/operations/request-scope';
import type { Runtime } from '@moncafe/infra/runtime';
import { SpanStatusCode, startRequestSpan, withContext } from '@moncafe/infra/tracing/tracing';

/** An incoming X-Request-Id is kept when it is this plain (a proxy's uuid or trace id); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The probes' paths: a balancer and an orchestrator ask them every few seconds on every process,
 * so their successful answers would be most of the access log and say nothing. A failed probe
 * (a 503 from /readyz while a loop is down or the process drains) is still logged.
 */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Whether a finished request gets an access-log line: all but a probe answered 200. */
export function logsRequest(path: string, status: number): boolean {
  return !(PROBE_PATHS.has(path) && status === 200);
}

/** The request id of an express request (set by `requestLog`). */
export function requestIdOf(req: { res?: { locals: Record<string, unknown> } }): string | null {
  const id = req.res?.locals.requestId;
  return typeof id === 'string' ? id : null;
}

/**
 * One access-log line per request (none for a probe answered 200) and its duration in the metrics
 * (decision 177; every probe is still counted there): the request id (a sane incoming
 * X-Request-Id, else a new uuid) is echoed in the response and handed to React Router, where it becomes the correlation id of every event the request appends and of its log
 * lines. The path is logged without its query (tokens travel there) and the route label is the
 * route pattern, so ids do not make a series each.
 */
export function requestLog(deps: { logger: Runtime['logger']; metrics: Metrics; ids: Runtime['ids']; routeOf: (path: string) => string }): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : deps.ids.uuid();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    // With tracing on (decision 646), the request's span, active through everything it awaits:
    // the appends it makes put it in their events, so the relay, projectors and /live join it.
    const traced = startRequestSpan(req.method, req.path, req.headers, { 'moncafe.request_id': requestId, 'moncafe.correlation_id': requestId });
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = (performance.now() - started) / 1000;
      const route = deps.routeOf(req.path);
      // A client that went away before the answer was sent is logged as 499, as proxies do.
      const status = res.writableFinished ? res.statusCode : 499;
      deps.metrics.httpDuration.observe({ route, method: req.method, status: String(status) }, seconds);
      if (logsRequest(req.path, status))
        deps.logger.info({ reqId: requestId, method: req.method, path: req.path, route, status, ms: Math.round(seconds * 1000) }, 'request');
      if (traced) {
        traced.span.updateName(`${req.method} ${route}`);
        traced.span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
        if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
        traced.span.end();
      }
    };
    res.once('finish', done);
    res.once('close', done);
    // Every log line written while serving it carries the id (the logger's mixin).
    if (traced) withContext(traced.context, () => inRequest(requestId, next));
    else inRequest(requestId, next);
  };
}

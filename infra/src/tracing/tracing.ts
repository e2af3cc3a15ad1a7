import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { requestIdMixin } from '../operations/request-scope';

/**
 * Traces (decision 646): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set, and then the SDK is
 * imported here, at the start, so a process without a collector never loads it. Everything else
 * goes through @opentelemetry/api, which does nothing until an SDK registers itself; `inSpan`
 * does not even ask it while tracing is off.
 *
 * The spans are made by hand (the request, the append, the relay's publish, the projectors'
 * batch, the /live frames): the processes are ES modules that import `http` and `pg` before any
 * code of theirs runs, so the instrumentations, registered here, only patch what is required
 * after the start. A command's trace crosses the bus in the events' metadata (`traceparent`).
 */

export { SpanKind, SpanStatusCode };

export type ServiceName = 'moncafe-web' | 'moncafe-worker';

export interface Tracing {
  /** Sends the spans still held and stops the SDK (the process is stopping). */
  shutdown(): Promise<void>;
}

/** How long a stopping process waits for its last spans to reach the collector. */
const SHUTDOWN_BOUND_MS = 2000;

const tracer = () => trace.getTracer('moncafe');
const w3c = new W3CTraceContextPropagator();
let on = false;

/** Whether a collector is configured and the SDK runs in this process. */
export function tracingOn(): boolean {
  return on;
}

/**
 * Starts the OpenTelemetry SDK when `otlpEndpoint` is set, with the OTLP/HTTP exporter (JSON),
 * the http and pg instrumentations and the process's service name; null, having imported
 * nothing, otherwise.
 */
export async function startTracing(config: { otlpEndpoint: string | undefined }, serviceName: ServiceName): Promise<Tracing | null> {
  if (!config.otlpEndpoint) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, { defaultResource, resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/resources'),
  ]);
  const sdk = new NodeSDK({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': serviceName })),
    autoDetectResources: false,
    traceExporter: new OTLPTraceExporter({ url: `${config.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [new HttpInstrumentation(), new PgInstrumentation()],
    // Traces only: the metrics stay on /metrics (decision 177) and the logs on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  on = true;
  return {
    async shutdown() {
      on = false;
      // A collector that is away must not hold the stop: what is not sent by then is lost.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_BOUND_MS)));
      await Promise.race([sdk.shutdown().catch(() => undefined), bound]);
      clearTimeout(timer);
    },
  };
}

export interface SpanOptions {
  /** The span's parent; unset: the active span (or none). */
  parent?: Context;
  links?: Link[];
  kind?: SpanKind;
}

/**
 * Runs `fn` in a span named `name` (ended when `fn` returns, or when the promise it returns
 * settles; a throw or a rejection marks it failed). With tracing off, just runs `fn`;
 * `attributes` and `options` may be functions, then only called when tracing is on.
 */
export function inSpan<T>(name: string, attributes: Attributes | (() => Attributes), fn: () => T, spanOptions: SpanOptions | (() => SpanOptions) = {}): T {
  if (!on) return fn();
  // Given as functions, the attributes and options cost nothing while tracing is off.
  const options = typeof spanOptions === 'function' ? spanOptions() : spanOptions;
  const parent = options.parent ?? context.active();
  const spanAttributes = typeof attributes === 'function' ? attributes() : attributes;
  return tracer().startActiveSpan(name, { attributes: spanAttributes, links: options.links ?? [], kind: options.kind ?? SpanKind.INTERNAL }, parent, (span) => {
    const fail = (error: unknown) => {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    let result: T;
    try {
      result = fn();
    } catch (error) {
      fail(error);
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          fail(error);
          throw error;
        },
      ) as T;
    }
    span.end();
    return result;
  });
}

/**
 * An HTTP request's span, started when the request arrives and ended when its answer is sent
 * (it outlives the middleware that starts it). A `traceparent` from the client or a proxy in
 * front makes it that trace's child. Null with tracing off.
 */
export function startRequestSpan(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: Attributes,
): { span: Span; context: Context } | null {
  if (!on) return null;
  const parent = w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
  const span = tracer().startSpan(
    `${method} ${path}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path, ...attributes } },
    parent,
  );
  return { span, context: trace.setSpan(context.active(), span) };
}

/** Runs `fn` with `ctx` as the active context (a request span's, through everything it awaits). */
export function withContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** The active span as a W3C `traceparent` (what an appended event carries); undefined outside a recorded span. */
export function activeTraceparent(): string | undefined {
  if (!on) return undefined;
  const span = trace.getActiveSpan();
  if (!span || !isSpanContextValid(span.spanContext())) return undefined;
  const carrier: Record<string, string> = {};
  w3c.inject(context.active(), carrier, defaultTextMapSetter);
  return carrier.traceparent;
}

/** The context whose parent is the span a `traceparent` names; the root context when it is missing or malformed. */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return w3c.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter);
}

/**
 * Parent and links for work on several events at once (a projector's batch): the first event
 * with a trace is the parent, the other traces are links, so each command's trace reaches it.
 */
export function spanOptionsForEvents(events: readonly { metadata: { traceparent?: string | undefined } }[]): SpanOptions {
  if (!on) return {};
  const seen = new Set<string>();
  const contexts: Context[] = [];
  for (const event of events) {
    const tp = event.metadata.traceparent;
    if (!tp || seen.has(tp)) continue;
    seen.add(tp);
    contexts.push(contextOfTraceparent(tp));
  }
  const [first, ...rest] = contexts;
  if (!first) return { parent: ROOT_CONTEXT };
  const links = rest.flatMap((c) => {
    const sc = trace.getSpanContext(c);
    return sc && isSpanContextValid(sc) ? [{ context: sc }] : [];
  });
  return { parent: first, links };
}

/**
 * The correlation id a span about a command's events carries: for a guest's or staff member's
 * request it is that request's id (request-log.ts), so one search finds the request and all that
 * followed from it. The request id itself is only on spans that run inside the request (its own,
 * the append): a projector or a /live stream may be serving another request meanwhile.
 */
export function commandAttributes(correlationId: string | undefined): Attributes {
  return correlationId ? { 'moncafe.correlation_id': correlationId } : {};
}

/** The id of the request this runs in (the request scope's), as an attribute. */
function requestAttributes(): Attributes {
  const { reqId } = requestIdMixin();
  return reqId ? { 'moncafe.request_id': reqId } : {};
}

/**
 * An event store append in a span, its events carrying that span's `traceparent` in their
 * metadata, so whatever handles them later continues this trace. With tracing off the events
 * are appended as they are.
 */
export function inAppendSpan<E extends { metadata: { correlationId: string; traceparent?: string | undefined } }, R>(
  streamId: string,
  events: readonly E[],
  append: (events: readonly E[]) => Promise<R>,
): Promise<R> {
  if (!on) return append(events);
  return inSpan(
    'eventstore append',
    { 'moncafe.stream_id': streamId, 'moncafe.event_count': events.length, ...commandAttributes(events[0]?.metadata.correlationId), ...requestAttributes() },
    () => {
      const traceparent = activeTraceparent();
      return append(traceparent ? events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent } })) : events);
    },
  );
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { WrongExpectedRevisionError, type EventStore } from '@moncafe/domain/ports';
import type { RateLimiter } from '../auth/rate-limit';

/**
 * The process's Prometheus metrics (`GET /metrics`, decision 177): one registry per running
 * system (tests start several in one process), the process's own metrics (CPU, memory, event
 * loop, handles) and the product's series below. Values read from the database (projection lag,
 * relay position, mail backlog) are gathered when scraped, by `collect` callbacks the runtime
 * registers, so an idle process does no work for them.
 */
export interface Metrics {
  registry: Registry;
  /** Request duration by route pattern (never the raw path: ids would make a series each), method and status. */
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  /** Appends to the event store, by outcome (`ok`, `conflict`, `error`). */
  appends: Counter<'outcome'>;
  appendDuration: Histogram;
  projectionLagEvents: Gauge<'projector'>;
  projectionLagSeconds: Gauge<'projector'>;
  /** Open /live streams by topic kind (`kitchen`, `admin`, `reservation`, …: never one series per reservation). */
  liveConnections: Gauge<'topic'>;
  /** The relay's checkpoint (position of the last event published to the bus), whichever process leads. */
  relayPosition: Gauge;
  /** 1 while this process's relay holds the lead (0 on a standby or where no relay runs). */
  relayLeader: Gauge;
  /** Attempts refused by a rate limit, by rule kind (`login:ip`, `api:ip`, …). */
  rateLimitRefusals: Counter<'rule'>;
  /** Mails kept in the outbox table (the development mailbox without SMTP_URL). */
  mailOutbox: Gauge;
  /** Restarts of a supervised loop after an error, by loop (decision 552). */
  loopRestarts: Counter<'loop'>;
  /** Called on every scrape before the registry is read. */
  onCollect(collect: () => Promise<void>): void;
  /** The exposition text (Prometheus text format) and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const collectors: (() => Promise<void>)[] = [];
  const opts = { registers: [registry] };
  return {
    registry,
    httpDuration: new Histogram({
      ...opts,
      name: 'moncafe_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    appends: new Counter({ ...opts, name: 'moncafe_event_appends_total', help: 'Appends to the event store by outcome', labelNames: ['outcome'] as const }),
    appendDuration: new Histogram({
      ...opts,
      name: 'moncafe_event_append_duration_seconds',
      help: 'Time an append to the event store took',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    }),
    projectionLagEvents: new Gauge({
      ...opts,
      name: 'moncafe_projection_lag_events',
      help: `Events in the store a projector has not applied yet (counted up to ${LAG_COUNT_CAP})`,
      labelNames: ['projector'] as const,
    }),
    projectionLagSeconds: new Gauge({
      ...opts,
      name: 'moncafe_projection_lag_seconds',
      help: 'Age of the oldest event a projector has not applied yet (0 when it is level with the store)',
      labelNames: ['projector'] as const,
    }),
    liveConnections: new Gauge({ ...opts, name: 'moncafe_live_connections', help: 'Open /live streams by topic kind', labelNames: ['topic'] as const }),
    relayPosition: new Gauge({ ...opts, name: 'moncafe_relay_position', help: 'Position of the last event the relay published to the bus' }),
    relayLeader: new Gauge({ ...opts, name: 'moncafe_relay_leader', help: '1 while this process leads the relay' }),
    rateLimitRefusals: new Counter({
      ...opts,
      name: 'moncafe_rate_limit_refusals_total',
      help: 'Attempts refused by a rate limit, by rule kind',
      labelNames: ['rule'] as const,
    }),
    loopRestarts: new Counter({
      ...opts,
      name: 'moncafe_loop_restarts_total',
      help: 'Restarts of a supervised loop (relay, projectors, reactor, reminders, retention, live feed) after an error',
      labelNames: ['loop'] as const,
    }),
    mailOutbox: new Gauge({ ...opts, name: 'moncafe_mail_outbox_backlog', help: 'Mails kept in the outbox table' }),
    onCollect: (collect) => void collectors.push(collect),
    async scrape() {
      // One failing source (the database away) must not hide the others: its series keep their last value.
      await Promise.all(collectors.map((c) => c().catch(() => undefined)));
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** Projection lag is counted in events up to this many (positions have gaps: a difference of positions would lie). */
export const LAG_COUNT_CAP = 1000;

/** The kind of a rate-limit key: its first two segments (`login:account:<hash>` → `login:account`). */
export function ruleKindOf(key: string): string {
  return key.split(':').slice(0, 2).join(':');
}

/** The rate limiter, counting each refusal by rule kind. */
export function countingRefusals(limiter: RateLimiter, metrics: Pick<Metrics, 'rateLimitRefusals'>): RateLimiter {
  return {
    async consume(rule) {
      const result = await limiter.consume(rule);
      if (!result.ok) metrics.rateLimitRefusals.inc({ rule: ruleKindOf(rule.key) });
      return result;
    },
  };
}

/** The event store, timing and counting every append (a conflict is an expected outcome, not an error). */
export function measuredAppends(store: EventStore, metrics: Pick<Metrics, 'appends' | 'appendDuration'>): EventStore {
  return {
    ...store,
    async appendToStream(streamId, events, options) {
      const end = metrics.appendDuration.startTimer();
      try {
        const result = await store.appendToStream(streamId, events, options);
        metrics.appends.inc({ outcome: 'ok' });
        return result;
      } catch (error) {
        metrics.appends.inc({ outcome: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
        throw error;
      } finally {
        end();
      }
    },
  };
}

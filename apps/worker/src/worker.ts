import type { Config } from '@moncafe/infra/config';
import { ConfigError } from '@moncafe/infra/config';
import { startFanOut } from '@moncafe/infra/fan-out';
import { startFailureLine, type createLogger } from '@moncafe/infra/logger';
import type { ProjectionsHandle } from '@moncafe/infra/projection-runner/runner';
import type { Relay } from '@moncafe/infra/relay/relay';
import { StartupError } from '@moncafe/infra/operations/startup';
import { drainFor, exitOnSignal, stopWithin } from '@moncafe/infra/operations/stop';
import { gaugeTheSystem } from '@moncafe/infra/operations/gauges';
import { lookAtTheDatabase, watchReadiness } from '@moncafe/infra/operations/health';
import { createMetrics, type Metrics } from '@moncafe/infra/operations/metrics';
import { supervisedLoops, type SupervisedLoops } from '@moncafe/infra/operations/supervisor';
import { startProbeServer } from '@moncafe/infra/operations/probe-server';
import { openSystemProcess, type SystemProcess } from '@moncafe/infra/system-process';
import type { Projector, ReadModelMigrations } from '@moncafe/projections/projector';
import { projectors as productProjectors } from '@moncafe/projections/read-models';

type Logger = ReturnType<typeof createLogger>;

export interface WorkerOptions {
  config: Config;
  logger: Logger;
  /** Defaults to every read model of the product. */
  projectors?: readonly Projector[];
  /**
   * Defaults to the whole system's set (event store unless EVENTSTORE_URL, runtime
   * bookkeeping, read models): kysely refuses a database that ran migrations it is not given.
   */
  migrations?: ReadModelMigrations;
  /** The projectors' own periodic read of the event store (see ProjectionsOptions); tests turn it off to prove the bus path. */
  sweepEveryMs?: number;
}

export interface Worker {
  relay: Relay;
  projections: ProjectionsHandle;
  /** The port of /healthz, /readyz and /metrics (WORKER_PORT), or null when it listens on none. */
  probePort: number | null;
  /**
   * Stops relay and projectors at once, letting the event in hand finish (the standby takes the
   * lead without waiting), then closes connections; the probe port answers /readyz 503 meanwhile
   * and closes once the drain window (SHUTDOWN_DRAIN_SECONDS, decision 550) has passed too.
   */
  stop(): Promise<void>;
}

/**
 * The relay and the projectors as a process of their own, for deployments that run several
 * web processes (each with RUN_PROJECTIONS=0). It needs a PostgreSQL server: an embedded
 * database belongs to the one web process that opened it.
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { config, logger } = options;
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'is required for the worker (an embedded database belongs to the web process)');
  const system = await openSystemProcess(config, logger, { bus: true, ...(options.migrations ? { migrations: options.migrations } : {}) });
  const metrics = createMetrics();
  // The relay and projectors restart after an error, logged and counted (decision 552).
  const loops = supervisedLoops({ logger, restarts: metrics.loopRestarts });
  try {
    const projectors = options.projectors ?? productProjectors;
    const { database, eventStore } = system;
    const { relay, projections, stop } = await startFanOut({
      database,
      eventStore,
      sealedEventStore: system.sealedEventStore,
      bus: system.bus!,
      logger,
      projectors,
      sweepEveryMs: options.sweepEveryMs,
      loops,
    });
    system.onClose(stop);
    let stopping = false;
    const probes =
      config.workerPort === undefined ? null : await serveProbes(config, system, projectors, relay, { metrics, loops, stopping: () => stopping, logger });
    const probePort = probes?.port ?? null;
    logger.info({ bus: config.natsUrl ? 'nats' : 'memory', projectors: projectors.map((p) => p.name), probePort }, 'worker started');
    let stopped: Promise<void> | null = null;
    const stopWorker = async () => {
      stopping = true;
      const drained = probes ? drainFor(config.shutdownDrainMs, logger) : Promise.resolve();
      try {
        await system.close();
      } finally {
        await drained;
        await probes?.close();
      }
    };
    return { relay, projections, probePort, stop: () => (stopped ??= stopWorker()) };
  } catch (error) {
    await system.close();
    throw error;
  }
}

/** /healthz, /readyz and /metrics on WORKER_PORT (decisions 176, 177); closed by the worker's stop after the drain. */
async function serveProbes(
  config: Config,
  system: SystemProcess,
  projectors: readonly Projector[],
  relay: Relay,
  { metrics, loops, stopping, logger }: { metrics: Metrics; loops: SupervisedLoops; stopping: () => boolean; logger: Logger },
): Promise<{ port: number; close(): Promise<void> }> {
  const projectorNames = projectors.map((p) => p.name);
  const { db } = system.database;
  const readiness = await watchReadiness({
    ...lookAtTheDatabase(db, system.eventStore, projectorNames),
    bus: system.bus,
    migrated: () => true,
    maxLagSeconds: config.readyMaxLagSeconds,
    logger,
    more: () => ({ loops: loops.check() }),
  });
  system.onClose(async () => readiness.stop());
  gaugeTheSystem(metrics, { db, lag: readiness.lagByProjector, relay });
  const probes = await startProbeServer({
    port: config.workerPort!,
    host: config.host,
    metrics,
    metricsToken: config.metricsToken,
    stopping,
    readiness: () => readiness.current(),
  });
  return probes;
}

/**
 * Runs `start` until SIGINT or SIGTERM, then stops gracefully — the projector batch in hand
 * finished (one transaction with its checkpoint, so never half-applied), the relay lead released
 * for the standby, pools closed — and exits 0, or 1 when that takes longer than `timeoutMs`
 * (SHUTDOWN_TIMEOUT_SECONDS, decision 175). A second signal exits at once. Configuration errors
 * print one line and exit 2; an unreachable PostgreSQL or NATS one line naming its variable, exit 1.
 */
export async function runUntilSignalled(logger: Logger, start: () => Promise<{ stop(): Promise<void> }>, timeoutMs = 8000, drainMs = 0): Promise<void> {
  let running: { stop(): Promise<void> };
  try {
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(startFailureLine(error.message));
      process.exit(2);
    }
    if (error instanceof StartupError) {
      console.error(startFailureLine(error.message));
      process.exit(1);
    }
    logger.fatal({ err: error }, 'worker failed to start');
    process.exit(1);
  }
  // The bound starts after the drain, as the web process's (decision 550): the probe port's drain
  // runs beside the stop, so the worker exits within drain + SHUTDOWN_TIMEOUT_SECONDS.
  exitOnSignal(logger, () => stopWithin(drainMs + timeoutMs, () => running.stop(), logger));
}

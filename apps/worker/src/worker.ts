import type { Config } from '@moncafe/infra/config';
import { ConfigError } from '@moncafe/infra/config';
import { startFanOut } from '@moncafe/infra/fan-out';
import type { createLogger } from '@moncafe/infra/logger';
import type { ProjectionsHandle } from '@moncafe/infra/projection-runner/runner';
import type { Relay } from '@moncafe/infra/relay/relay';
import { openSystemProcess } from '@moncafe/infra/system-process';
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
  /** Stops relay and projectors, letting the event in hand finish, then closes connections. */
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
    });
    system.onClose(stop);
    logger.info({ bus: config.natsUrl ? 'nats' : 'memory', projectors: projectors.map((p) => p.name) }, 'worker started');
    return { relay, projections, stop: system.close };
  } catch (error) {
    await system.close();
    throw error;
  }
}

/**
 * Runs `start` until SIGINT or SIGTERM, then stops gracefully and exits 0. A second signal
 * exits at once. Configuration errors print one line and exit 2.
 */
export async function runUntilSignalled(logger: Logger, start: () => Promise<{ stop(): Promise<void> }>): Promise<void> {
  let running: { stop(): Promise<void> };
  try {
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    logger.fatal({ err: error }, 'worker failed to start');
    process.exit(1);
  }
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

import type { Config } from '@moncafe/infra/config';
import { ConfigError } from '@moncafe/infra/config';
import { openBus } from '@moncafe/infra/bus/open';
import type { Bus } from '@moncafe/infra/bus/port';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { openEventStore } from '@moncafe/infra/eventstore/open';
import { startFanOut } from '@moncafe/infra/fan-out';
import type { createLogger } from '@moncafe/infra/logger';
import type { ProjectionsHandle } from '@moncafe/infra/projection-runner/runner';
import type { Relay } from '@moncafe/infra/relay/relay';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
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
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
  };
  try {
    const database: DatabaseHandle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    closers.push(() => database.close());
    await migrateToLatest(database.db, options.migrations ?? systemMigrations(config));
    const eventStore = openEventStore({ eventStoreUrl: config.eventStoreUrl, pool: database.pool, kind: database.kind });
    closers.push(() => eventStore.close());
    // Without NATS the bus lives in this process: relay and projectors still meet through it.
    const bus: Bus = await openBus(config, logger);
    closers.push(() => bus.close());
    const projectors = options.projectors ?? productProjectors;
    const { relay, projections, stop } = await startFanOut({ database, eventStore, bus, logger, projectors, sweepEveryMs: options.sweepEveryMs });
    closers.push(stop);
    logger.info({ bus: config.natsUrl ? 'nats' : 'memory', projectors: projectors.map((p) => p.name) }, 'worker started');
    return { relay, projections, stop: close };
  } catch (error) {
    await close();
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

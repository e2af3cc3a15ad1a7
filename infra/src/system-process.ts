import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Logger } from 'pino';
import type { EventStore } from '@moncafe/domain/ports';
import { openBus } from './bus/open';
import type { Bus } from './bus/port';
import type { Config } from './config';
import { openDatabase, serverPoolOf, type DatabaseHandle } from './db/connection';
import { migrateToLatest, pendingMigrations } from './db/migrate';
import { openEventStore } from './eventstore/open';
import { eventsTableOf, restoredClusterProblem } from './eventstore/postgres';
import { retryWhileStarting, StartupError } from './operations/startup';
import { systemMigrations } from './runtime-migrations';
import { personalDataDeclarations, personalDataLayer } from './privacy/declarations';
import type { PersonalKeyStore } from './privacy/personal-keys';
import { openingBus, type PersonalDataSealer } from './privacy/sealing';
import { sealPlaintextEventsOnce } from './privacy/seal-existing';
import { secretBox, secretsKey } from './secrets/secret-box';

/**
 * The process wiring every entry point shares, written once: the web process (runtime.ts), the
 * worker (apps/worker/src/worker.ts) and `projections:rebuild` open the database, migrate it,
 * open the event store and (web and worker) the bus here, and close them in reverse order.
 * Seeding an empty system is not part of it: the web server does that after wiring (seed.ts).
 */
export interface SystemProcess {
  database: DatabaseHandle;
  /** The event store as use cases and projectors see it: personal fields opened (decision 180). */
  eventStore: EventStore;
  /** The same store as it keeps events, personal fields sealed: for the relay and exports. */
  sealedEventStore: EventStore;
  /** Each person's data key (privacy/personal-keys.ts): forgetting destroys one. */
  personalKeys: PersonalKeyStore;
  /** Seals and opens personal fields (privacy/sealing.ts), for the one-time rewrite and imports. */
  sealer: PersonalDataSealer;
  /** Null unless opened with `bus: true`. */
  bus: Bus | null;
  /** Runs `close` on shutdown, before what was opened earlier (last opened, first closed). */
  onClose(close: () => Promise<void>): void;
  close(): Promise<void>;
}

/**
 * What a rebuild of this process's read models works with (`rebuildInShadow`, the database
 * admin): the database, the server's pool for lanes and COPY (none for PGlite), the event store,
 * and its events table when it is in the same database (decision 144).
 */
export function rebuildTargetOf(system: Pick<SystemProcess, 'database' | 'eventStore' | 'sealedEventStore' | 'personalKeys'>) {
  return {
    db: system.database.db,
    serverPool: serverPoolOf(system.database),
    eventStore: system.eventStore,
    sealedEventStore: system.sealedEventStore,
    personalKeys: system.personalKeys,
    // Only envelopes are read straight from the table (decision 144), never personal fields.
    eventsTable: eventsTableOf(system.sealedEventStore, system.database.pool),
  };
}

export async function openSystemProcess(
  config: Config,
  logger: Logger,
  options: {
    bus?: boolean;
    /** Defaults to the whole system's set: kysely refuses a database that ran migrations it is not given. */
    migrations?: Record<string, Migration>;
  } = {},
): Promise<SystemProcess> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await c().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
  };
  try {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    closers.push(() => database.close());
    // A PostgreSQL server that is still starting is waited for (bounded); a failure names DATABASE_URL (decision 179).
    if (config.databaseUrl) {
      const retry = { variable: 'DATABASE_URL', target: config.databaseUrl, timeoutMs: config.startTimeoutMs, logger };
      await retryWhileStarting(retry, () => database.pool.query('select 1'));
    }
    // A database restored with pg_dump into another cluster would hide every event: refused, with
    // the ways out, before anything is migrated, so the copy is left as it was (decision 553).
    if (config.databaseUrl && !config.eventStoreUrl) {
      const problem = await restoredClusterProblem(database.pool);
      if (problem) throw new StartupError('DATABASE_URL', config.databaseUrl, problem);
    }
    const migrations = options.migrations ?? systemMigrations(config);
    if (config.migrateOnStart) await migrateToLatest(database.db, migrations);
    else await migrationsIn(database.db, migrations, config, logger);
    const sealedEventStore = await openEventStore({ eventStoreUrl: config.eventStoreUrl, pool: database.pool, kind: database.kind });
    closers.push(() => sealedEventStore.close());
    const { keys: personalKeys, sealer, open } = personalDataLayer(database.db, secretBox(await secretsKey(config)));
    const eventStore = open(sealedEventStore);
    if (!config.eventStoreUrl && !options.migrations) {
      // Events written before personal fields were sealed are sealed once, in place (decision 183).
      // (A process given its own migrations — a test's — has no personal keys table.)
      const rewritten = await sealPlaintextEventsOnce({ db: database.db, sealer, declarations: personalDataDeclarations });
      if (rewritten) logger.info({ events: rewritten.sealed }, 'personal fields of older events sealed');
    }
    let bus: Bus | null = null;
    if (options.bus) {
      // Without NATS the bus lives in this process: relay, projectors and /live still meet through it.
      const opened = config.natsUrl
        ? await retryWhileStarting({ variable: 'NATS_URL', target: config.natsUrl, timeoutMs: config.startTimeoutMs, logger }, () => openBus(config, logger))
        : await openBus(config, logger);
      bus = openingBus(opened, sealer);
      closers.push(() => opened.close());
    }
    return { database, eventStore, sealedEventStore, personalKeys, sealer, bus, onClose: (c) => void closers.push(c), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** How often a start that does not migrate looks again whether `npm run migrate` has run. */
const MIGRATIONS_LOOK_MS = 1000;

/**
 * A production process does not migrate (decision 555): the deploy's one `npm run migrate` does,
 * before or while the processes start. Until the migrations are in, the start waits (logged
 * once), up to START_TIMEOUT_SECONDS; then it stops with one line naming the command.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function migrationsIn(db: Kysely<any>, migrations: Record<string, Migration>, config: Config, logger: Logger): Promise<void> {
  const deadline = performance.now() + config.startTimeoutMs;
  for (let said = false; ; said = true) {
    const pending = await pendingMigrations(db, migrations);
    if (pending.length === 0) {
      if (said) logger.info('migrations are in');
      return;
    }
    if (!said)
      logger.warn(
        { pending: pending.length, first: pending[0] },
        'waiting for the migrations: run npm run migrate (node apps/worker/build/migrate.js) once for this release',
      );
    if (performance.now() > deadline)
      throw new StartupError(
        'DATABASE_URL',
        config.databaseUrl ?? '',
        `${pending.length} migrations are not in: run npm run migrate once for this release (MIGRATE_ON_START=1 lets the process run them)`,
      );
    await new Promise((resolve) => setTimeout(resolve, MIGRATIONS_LOOK_MS));
  }
}

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock, EventStore, IdGenerator } from '@moncafe/domain/ports';
import type { ReservationCatalog } from '@moncafe/domain/reservation/booking-flow';
import { readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import { projectors } from '@moncafe/projections/read-models';
import { catalogForReservations } from '@moncafe/projections/reservations/catalog';
import { createRateLimiter, type RateLimiter } from './auth/rate-limit';
import { openBus } from './bus/open';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { openEventStore } from './eventstore/open';
import { createLiveHub, type LiveHub } from './live/hub';
import { liveMessagesFor } from './live/messages';
import { createLogger } from './logger';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import { startFanOut } from './fan-out';
import { waitForCheckpoints, type ProjectionsHandle } from './projection-runner/runner';
import { droppingOnCatalogAppends, isReferenceData, referenceDataCache, type ReferenceDataCache } from './reference-data/cache';
import { cachedReservationCatalog } from './reference-data/reservation-catalog';
import { systemMigrations } from './runtime-migrations';
import { seedEmptySystem } from './seed';
import { cryptoIds, systemClock } from './system';

/**
 * One running system, wired from configuration: what loaders, actions and the worker reach
 * through the router context.
 */
export interface Runtime {
  config: Config;
  db: Kysely<Database>;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Mails: SMTP when configured, else the outbox shown at /dev/mailbox. */
  mail: Mailer;
  /** Live screens' feed (/live). */
  live: LiveHub;
  /** Attempt counters shared by every process (auth/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** The catalog's reference data in memory, dropped by every catalog event (infra/src/reference-data). */
  referenceData: ReferenceDataCache;
  /** What the booking decides with (stores, seats, hours, menus, same-day settings), through `referenceData`. */
  reservationCatalog: ReservationCatalog;
  /** Waits (bounded) until every projector has applied the event at `position`; null returns at once. */
  waitForProjections(position: number | null): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  /** Tests drive time and ids; production uses the system's. */
  clock?: Clock;
  ids?: IdGenerator;
  /** Tests point the runtime at a mailer of their own. */
  mail?: Mailer;
}

const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;

/**
 * Starts one system from configuration: database and migrations, event store, bus, and —
 * unless a separate worker does it — the relay and the projectors; then seeds an empty system.
 */
export async function startRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const logger = createLogger({ level: config.logLevel });
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? cryptoIds;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const closers: (() => Promise<void>)[] = [() => database.close()];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
  };

  try {
    await migrateToLatest(database.db, systemMigrations(config));
    const store = openEventStore({ eventStoreUrl: config.eventStoreUrl, pool: database.pool, kind: database.kind });
    closers.push(() => store.close());

    // Kept only once the read models have caught up with what the store holds now.
    let projections: ProjectionsHandle | null = null;
    const referenceData = referenceDataCache({
      startPosition: await store.headPosition(),
      appliedUpTo: async () => {
        const checkpoints = projections
          ? projections.checkpoints()
          : await readCheckpoints(
              database.db,
              projectors.map((p) => p.name),
            );
        return Math.min(...checkpoints.values());
      },
    });
    const eventStore = droppingOnCatalogAppends(store, referenceData);

    const bus = await openBus(config, logger);
    closers.push(() => bus.close());

    const live = createLiveHub({ eventStore, map: liveMessagesFor });
    const following = await bus.follow(({ event }) => {
      live.publish(event);
      // Catalog changes made by other processes.
      if (isReferenceData(event)) referenceData.changed(event.position);
    });
    closers.push(() => following.close());

    let waitForProjections: Runtime['waitForProjections'];
    if (config.runProjections) {
      const fanOut = await startFanOut({ database, eventStore, bus, logger, projectors });
      projections = fanOut.projections;
      closers.push(() => fanOut.stop());
      waitForProjections = (position) => waitOrWarn(() => fanOut.projections.waitFor(position ?? 0, READ_YOUR_WRITES_TIMEOUT_MS));
    } else {
      waitForProjections = (position) =>
        waitOrWarn(() =>
          waitForCheckpoints(
            database.db,
            projectors.map((p) => p.name),
            position ?? 0,
            READ_YOUR_WRITES_TIMEOUT_MS,
          ),
        );
    }

    const mail =
      overrides.mail ??
      (config.smtpUrl
        ? (() => {
            const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
            closers.push(async () => smtp.close());
            return smtp;
          })()
        : outboxMailer(database.db, ids.uuid));

    const reservationCatalog = cachedReservationCatalog(catalogForReservations(database.db), referenceData);
    const runtime: Runtime = {
      config,
      db: database.db,
      eventStore,
      clock,
      ids,
      logger,
      mail,
      live,
      rateLimiter: createRateLimiter(database.pool),
      referenceData,
      reservationCatalog,
      waitForProjections,
      close,
    };
    await seedEmptySystem(runtime);
    return runtime;
  } catch (error) {
    await close();
    throw error;
  }

  async function waitOrWarn(wait: () => Promise<void>) {
    try {
      await wait();
    } catch (err) {
      // The command is stored; a slow projection must not fail the request, only make it stale.
      logger.warn({ err }, 'read models did not catch up in time');
    }
  }
}

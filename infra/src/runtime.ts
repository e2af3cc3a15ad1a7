import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createApplication, type Application } from '@moncafe/domain/application';
import type { Clock, EventStore, IdGenerator, Mailer, RecordedEvent } from '@moncafe/domain/ports';
import type { ReservationMails } from '@moncafe/domain/reservation/ports';
import type { AccountMails } from '@moncafe/domain/account/account-service';
import type { Database } from '@moncafe/projections/database';
import { readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import { createQueries, type Queries } from '@moncafe/projections/queries';
import { projectors } from '@moncafe/projections/read-models';
import { catalogForTables } from '@moncafe/projections/orders/catalog';
import { catalogForReservations } from '@moncafe/projections/reservations/catalog';
// Menu editor (decision 090)
import { menuDirectory } from '@moncafe/projections/menus/references';
import { sharpPictures } from './pictures/sharp-pictures';
import { argon2Passwords } from './auth/password';
import { createRateLimiter, type RateLimiter } from './auth/rate-limit';
import { createSessionStore, type SessionStore } from './auth/sessions';
import { hmacSigning, type Signing } from './auth/signing';
import { postgresBlobStore } from './blobs/postgres-blob-store';
import type { Config } from './config';
import { startFanOut } from './fan-out';
import { feedFromStoreWhileBusDown } from './live/store-follower';
import { createLiveHub, type LiveHub } from './live/hub';
import { liveMessagesFor } from './live/messages';
import { createLogger } from './logger';
import { listOutbox, outboxMailer, outboxMailsTo, removeOutboxMails, smtpMailer } from './mail/mailer';
import { notificationReactor, type NotificationMails } from '@moncafe/domain/notification/reactor';
import { startReactor } from './notifications/runner';
import { missingReceiptReactor } from '@moncafe/domain/billing/receipt-reactor';
import { supervisedLoops } from './operations/supervisor';
import { ProjectionLagError, waitForCheckpoints, type ProjectionsHandle } from './projection-runner/runner';
import { droppingOnCatalogAppends, isReferenceData, referenceDataCache, type ReferenceDataCache } from './reference-data/cache';
import { cachedReservationCatalog } from './reference-data/reservation-catalog';
import { adjustableClock, clockStartingAt, cryptoIds, nodeHashing, systemClock } from './system';
import { openSystemProcess, rebuildTargetOf } from './system-process';
import { serverPoolOf } from './db/connection';
import { secretBox, secretsKey } from './secrets/secret-box';
import { otplibCodes, webAuthnCeremonies } from './auth/second-factors';
import { countingRefusals, createMetrics, measuredAppends, type Metrics } from './operations/metrics';
import { lookAtTheDatabase, watchReadiness, type Readiness } from './operations/health';
import { countOutbox, gaugeTheSystem } from './operations/gauges';
// Admin database screen (decisions 140–142)
import { createDatabaseAdmin, type DatabaseAdmin } from './database-admin/database-admin';
// Privacy (decisions 180–186)
import { RETENTION_EVERY_MS, retentionRunner } from './privacy/retention-runner';
import { guestReminderService, type GuestReminderService, type ReminderMails } from '@moncafe/domain/reminder/reminder-service';
// Commands safe to send twice (decision 260)
import { idempotencyKeys, type IdempotencyKeys } from './idempotency/idempotency-keys';

/**
 * One running web process, wired from configuration: the application services and read-model
 * queries routes reach through the router context (apps/web/app/context.ts), and what the web
 * edge itself needs (config, logger, clock, sessions, the live hub).
 */
export interface Runtime {
  config: Config;
  /** Every use case, built once (domain/src/application.ts). */
  services: Application;
  /** The read models' queries bound to the database (projections/src/queries.ts). */
  queries: Queries;
  db: Kysely<Database>;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Mails: SMTP when configured, else the outbox shown at /dev/mailbox. */
  mailer: Mailer;
  /** The latest mails kept in the outbox, newest first (/dev/mailbox: a route never reads `db` itself). */
  outbox(): ReturnType<typeof listOutbox>;
  /** The outbox's copies of mails to one address (none kept when SMTP sends them on). */
  outboxMailsTo(address: string): ReturnType<typeof outboxMailsTo>;
  sessions: SessionStore;
  /** Signatures with the session secret (auth/signing.ts). */
  signing: Signing;
  /** Live screens' feed (/live). */
  live: LiveHub;
  /** Attempt counters shared by every process (auth/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** Idempotency keys and their kept answers, shared by every process (idempotency/idempotency-keys.ts). */
  idempotency: IdempotencyKeys;
  /** The catalog's reference data in memory, dropped by every catalog event (infra/src/reference-data). */
  referenceData: ReferenceDataCache;
  /**
   * NODE_ENV=test only: moves this process's clock forward, so HTTP tests reach a deadline without
   * sleeping (apps/web/server.ts exposes it to the test harness). Null everywhere else.
   */
  testClock: { advance(ms: number): void } | null;
  /** Waits (bounded) until every projector has applied the event at `position`; null returns at once. */
  waitForProjections(position: number | null): Promise<void>;
  /**
   * Waits however long it takes for every read model to reach `position` (seeding, decision
   * 195): a web process that leaves projection to a worker (RUN_PROJECTIONS=0) and starts
   * first waits for that worker instead of seeding on against read models nobody builds.
   */
  catchUp(position: number | null): Promise<void>;
  /** Admin database screen (decisions 140–142): read-model status, rebuilds, export and import. */
  databaseAdmin: DatabaseAdmin;
  /** This process's Prometheus metrics (`GET /metrics`, decision 177). */
  metrics: Metrics;
  /** What `GET /readyz` answers (decisions 176, 551), from memory. */
  readiness(): Readiness;
  /** Privacy (decisions 180–186): forgets guests past the store's retention; runs on a timer where notifications run. */
  retention: ReturnType<typeof retentionRunner>;
  /** The guests' reminder mails (decision 290): null without their wording; runs each minute where notifications run. */
  reminders: GuestReminderService | null;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** The wording of the reservation mails (the web app's templates, apps/web/app/reservation/mails.ts). */
  reservationMails: ReservationMails;
  /** The wording of the account mails (apps/web/app/auth/mails.ts). */
  accountMails: AccountMails;
  /** Tests drive time and ids; production uses the system's. */
  clock?: Clock;
  ids?: IdGenerator;
  /** Tests point the runtime at a mailer of their own. */
  mailer?: Mailer;
  /** The wording of the staff notification mails (apps/web/app/notifications/mails.ts); without it no reactor runs. */
  notificationMails?: NotificationMails;
  /** The wording of the guests' reminder mail (apps/web/app/reservation/mails.ts); without it none is sent. */
  reminderMails?: ReminderMails;
}

const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;
/** How long a live frame waits for the read models before it goes out anyway (decision 450): late, never lost. */
const LIVE_AFTER_READ_MODELS_MS = 2_000;
/** How often the reminder mails are checked (decision 290). */
const REMINDER_EVERY_MS = 60_000;

/**
 * Starts one web process's system from configuration: the shared process wiring (database,
 * migrations, event store, bus: system-process.ts), the live hub, and — unless a separate worker
 * does it — the relay and the projectors; then the application services, built once.
 */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = createLogger({ level: config.logLevel, format: config.logFormat });
  const testClock =
    !options.clock && config.env === 'test'
      ? adjustableClock(config.testClockStart ? clockStartingAt(config.testClockStart, systemClock, performance.timeOrigin) : systemClock)
      : null;
  const clock = options.clock ?? testClock ?? systemClock;
  const ids = options.ids ?? cryptoIds;
  const system = await openSystemProcess(config, logger, { bus: true });
  const { database } = system;
  const bus = system.bus!;
  const metrics = createMetrics();
  // Every long-running loop of this process restarts after an error, logged and counted (decision 552).
  const loops = supervisedLoops({ logger, restarts: metrics.loopRestarts });

  try {
    // Reference data in memory: kept only once the read models have caught up with what the
    // store holds now, and after each catalog change once they have applied it.
    let projections: ProjectionsHandle | null = null;
    const names = projectors.map((p) => p.name);
    const referenceData = referenceDataCache({
      startPosition: await system.eventStore.headPosition(),
      appliedUpTo: async () => {
        // This process's runner when it projects; the table when a worker (or the leading process) does.
        const own = projections?.checkpoints();
        return Math.min(...(own && own.size > 0 ? own : await readCheckpoints(database.db, names)).values());
      },
    });
    // This process's own catalog changes drop it at once; other processes' through the bus.
    const eventStore = measuredAppends(droppingOnCatalogAppends(system.eventStore, referenceData), metrics);

    // Read-your-writes for this process: set once the projectors (or the worker's checkpoints) are known.
    let waitWithin: ((position: number, timeoutMs: number) => Promise<void>) | null = null;
    // A live frame makes a screen read its list again: it goes out once the read models have the event (decision 450).
    const live = createLiveHub({
      eventStore,
      map: liveMessagesFor,
      readModelsAt: async (position) => {
        try {
          await waitWithin?.(position, LIVE_AFTER_READ_MODELS_MS);
        } catch (err) {
          logger.warn({ err, position }, 'live frames go out before the read models caught up');
        }
      },
    });
    const toScreens = (event: RecordedEvent) => {
      live.publish(event);
      if (isReferenceData(event)) referenceData.changed(event.position);
    };
    // While NATS is away the store feeds the live screens (decision 199).
    const fromStore = feedFromStoreWhileBusDown({
      bus,
      eventStore,
      deliver: toScreens,
      onError: (err) => loops.failed('live-feed', err),
      onRead: () => loops.ran('live-feed'),
    });
    const following = await bus.follow(({ event }) => {
      fromStore.seen(event.position);
      toScreens(event);
    });
    system.onClose(async () => {
      fromStore.stop();
      await following.close();
    });

    let relay: { isLeader(): boolean } | undefined;
    if (config.runProjections) {
      const fanOut = await startFanOut({ database, eventStore, sealedEventStore: system.sealedEventStore, bus, logger, projectors, loops });
      relay = fanOut.relay;
      projections = fanOut.projections;
      system.onClose(() => fanOut.stop());
      waitWithin = (position, timeoutMs) => fanOut.projections.waitFor(position, timeoutMs);
    } else {
      waitWithin = (position, timeoutMs) => waitForCheckpoints(database.db, names, position, timeoutMs);
    }
    const within = waitWithin;
    const waitForProjections: Runtime['waitForProjections'] = (position) => waitOrWarn(() => within(position ?? 0, READ_YOUR_WRITES_TIMEOUT_MS));
    let closing = false;
    system.onClose(async () => {
      closing = true;
    });
    const catchUp: Runtime['catchUp'] = async (position) => {
      for (let waits = 1; ; waits++) {
        try {
          return await within(position ?? 0, READ_YOUR_WRITES_TIMEOUT_MS);
        } catch (err) {
          if (closing || !(err instanceof ProjectionLagError)) throw err;
          if (waits === 1 || waits % 12 === 0)
            logger.warn(
              { position, runProjections: config.runProjections },
              config.runProjections
                ? 'waiting for the read models to catch up'
                : 'waiting for a worker to build the read models (RUN_PROJECTIONS=0): start `npm run worker`',
            );
        }
      }
    };

    let mailer = options.mailer;
    if (!mailer && config.smtpUrl) {
      const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
      system.onClose(async () => smtp.close());
      mailer = smtp;
    }
    mailer ??= outboxMailer(database.db, ids.uuid);

    // Outside production a missing SESSION_SECRET is replaced by one generated per process
    // (sessions then end with a restart); config.ts refuses to start production without one.
    const secret = config.sessionSecrets ?? [randomBytes(32).toString('base64url')];
    const sessions = createSessionStore({ db: database.db, clock }, { secret, production: config.production, secure: config.publicUrl.startsWith('https:') });
    const signing = hmacSigning(secret);

    const queries = createQueries(database.db, eventStore);
    const reservationCatalog = cachedReservationCatalog(catalogForReservations(database.db), referenceData);
    const tableCatalog = catalogForTables(database.db);
    const services = createApplication({
      eventStore,
      clock,
      ids,
      hashing: nodeHashing,
      blobs: postgresBlobStore({ db: database.db, clock }),
      mailer,
      logger,
      passwords: argon2Passwords,
      reservationCatalog,
      reservationMails: options.reservationMails,
      shiftDirectory: { submittersOf: queries.shifts.submitters, recruitTimes: queries.shifts.recruitTimes },
      storeStaff: { isStoreStaff: queries.storeStaff.includes },
      storeListings: { storesOf: queries.storeStaff.storesOf },
      wageRecordsOf: queries.storeStaff.wageRecords,
      checklistTasks: { find: queries.checklists.findTask },
      secrets: secretBox(await secretsKey(config)),
      accountMails: options.accountMails,
      oneTimeCodes: otplibCodes,
      passkeyCeremonies: webAuthnCeremonies(config.publicUrl),
      tableCatalog,
      receiptStoreOf: (receiptId) => queries.receipts.storeOf(receiptId),
      openStoreIds: async () => (await queries.stores.list()).map((store) => store.store_id),
      // Seats editor (decision 120)
      seatBookings: { futureOn: queries.adminDay.futureOnSeat },
      // Menu editor (decision 090)
      pictures: sharpPictures,
      menuDirectory: menuDirectory(database.db),
      // Privacy (decisions 180–186)
      personalKeys: system.personalKeys,
      customerAccountOf: (email) => queries.accounts.customerByEmail(email),
      signOut: (accountId) => sessions.destroyAllOf(accountId),
      forgetMails: async (email) => void (await removeOutboxMails(database.db, email)),
      guests: {
        reservationsOf: (email) => queries.reservations.ofGuest(email, clock.now()),
        lastSeenBefore: (cutoff) => queries.reservations.lastSeenBefore(cutoff),
      },
      // The daily close (decision 250)
      dayFigures: { of: queries.register.dayFigures, openAtClose: queries.register.openAtClose },
      // The time clock (decisions 565–568): the seat check-in's fence, the store's labour settings.
      attendanceDirectory: { settingsOf: queries.attendance.settings, fence: (storeId) => tableCatalog.fence(storeId) },
    });

    // Site settings (decisions 130–135): staff notification mails, in one process (decision 132).
    if (options.notificationMails && config.runNotifications) {
      const reactor = notificationReactor({
        eventStore,
        mailer,
        clock,
        ids,
        logger,
        mails: options.notificationMails,
        directory: {
          settings: queries.siteSettings.notifications,
          storeName: async (storeId) => (await queries.stores.get(storeId))?.name ?? null,
          menuName: (menuId) => queries.siteSettings.menuName(menuId),
        },
      });
      const runner = await startReactor({ db: database.db, eventStore, reactor, logger, loops });
      system.onClose(() => runner.stop());
    }

    // Every checkout has its receipt (decision 643): one left without by a stopped process gets it here.
    if (config.runNotifications) {
      const reactor = missingReceiptReactor({ billing: services.billing, logger });
      const runner = await startReactor({ db: database.db, eventStore, reactor, logger, loops, name: 'receipts' });
      system.onClose(() => runner.stop());
    }

    // Kept in memory by a look every second (decision 551): /readyz and the lag gauges read it.
    // The process migrated before it was built, so migrations are in for as long as it runs.
    const readiness = await watchReadiness({
      ...lookAtTheDatabase(database.db, eventStore, names),
      bus,
      migrated: () => true,
      maxLagSeconds: config.readyMaxLagSeconds,
      logger,
      more: () => ({ loops: loops.check() }),
    });
    system.onClose(async () => readiness.stop());
    // Read when scraped: lag per projector, the relay's checkpoint, the mail outbox, live streams.
    gaugeTheSystem(metrics, { db: database.db, lag: readiness.lagByProjector, ...(relay ? { relay } : {}) });
    metrics.onCollect(async () => void metrics.mailOutbox.set(await countOutbox(database.db)));
    metrics.onCollect(async () => {
      metrics.liveConnections.reset();
      for (const [topic, open] of live.connections()) metrics.liveConnections.set({ topic }, open);
    });
    const retention = retentionRunner({
      serverPool: serverPoolOf(database),
      services,
      storeIds: async () => (await queries.stores.list({ closed: true })).map((s) => s.store_id),
      ids,
      logger,
    });
    if (config.runNotifications) {
      // One designated process (with the worker's reactors); the lock keeps a second one out anyway.
      // A failed run is tried again at the next (decision 552): counted, and /readyz told once it fails for long.
      const run = () =>
        void retention.runOnce().then(
          () => loops.ran('retention'),
          (err: unknown) => loops.failed('retention', err),
        );
      const first = setTimeout(run, 60_000);
      const every = setInterval(run, RETENTION_EVERY_MS);
      first.unref();
      every.unref();
      system.onClose(async () => {
        clearTimeout(first);
        clearInterval(every);
      });
    }

    // The guests' reminders (decision 290): checked each minute where notifications run; any
    // number of processes may, the reminder stream lets one send each.
    const reminders = options.reminderMails
      ? guestReminderService({
          eventStore,
          ids,
          clock,
          mailer,
          logger,
          catalog: reservationCatalog,
          mails: options.reminderMails,
          directory: {
            storeIds: async () => (await queries.stores.list({ closed: true })).map((s) => s.store_id),
            setting: async (storeId) => {
              const settings = await queries.siteSettings.notifications(storeId);
              return { enabled: settings.guest_reminders, hour: settings.reminder_hour };
            },
            confirmedOn: (storeId, date) => queries.reservations.confirmedIdsOn(storeId, date),
          },
        })
      : null;
    if (reminders && config.runNotifications) {
      let running: Promise<unknown> | null = null;
      const tick = () => {
        running ??= reminders
          .sendDue()
          .then(
            () => loops.ran('reminders'),
            (err: unknown) => loops.failed('reminders', err),
          )
          .finally(() => (running = null));
      };
      const every = setInterval(tick, REMINDER_EVERY_MS);
      every.unref();
      system.onClose(async () => {
        clearInterval(every);
        await running;
      });
    }

    return {
      config,
      services,
      retention,
      reminders,
      queries,
      db: database.db,
      eventStore,
      clock,
      ids,
      logger,
      mailer,
      outbox: () => listOutbox(database.db),
      outboxMailsTo: (address) => outboxMailsTo(database.db, address),
      sessions,
      signing,
      live,
      rateLimiter: countingRefusals(createRateLimiter(database.pool, clock), metrics),
      idempotency: idempotencyKeys({ db: database.db, clock }),
      referenceData,
      testClock,
      waitForProjections,
      catchUp,
      databaseAdmin: createDatabaseAdmin({
        ...rebuildTargetOf(system),
        // Appends through the wrapped store drop reference data on catalog saves; the events
        // table is still the store's own.
        eventStore,
        projectors,
        logger,
        now: () => clock.now(),
      }),
      metrics,
      readiness: () => readiness.current(),
      close: system.close,
    };
  } catch (error) {
    await system.close();
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

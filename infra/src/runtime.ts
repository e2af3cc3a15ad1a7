import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createApplication, type Application } from '@moncafe/domain/application';
import type { Clock, EventStore, IdGenerator, Mailer } from '@moncafe/domain/ports';
import type { ReservationMails } from '@moncafe/domain/reservation/ports';
import type { Database } from '@moncafe/projections/database';
import { createQueries, type Queries } from '@moncafe/projections/queries';
import { projectors } from '@moncafe/projections/read-models';
import { catalogForReservations } from '@moncafe/projections/reservations/catalog';
import { argon2Passwords } from './auth/password';
import { createSessionStore, type SessionStore } from './auth/sessions';
import { postgresBlobStore } from './blobs/postgres-blob-store';
import type { Config } from './config';
import { startFanOut } from './fan-out';
import { createLiveHub, type LiveHub } from './live/hub';
import { liveMessagesFor } from './live/messages';
import { createLogger } from './logger';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { waitForCheckpoints } from './projection-runner/runner';
import { adjustableClock, cryptoIds, nodeHashing, systemClock } from './system';
import { openSystemProcess } from './system-process';

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
  sessions: SessionStore;
  /** Live screens' feed (/live). */
  live: LiveHub;
  /**
   * NODE_ENV=test only: moves this process's clock forward, so HTTP tests reach a deadline without
   * sleeping (apps/web/server.ts exposes it to the test harness). Null everywhere else.
   */
  testClock: { advance(ms: number): void } | null;
  /** Waits (bounded) until every projector has applied the event at `position`; null returns at once. */
  waitForProjections(position: number | null): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** The wording of the reservation mails (the web app's templates, apps/web/app/reservation/mails.ts). */
  reservationMails: ReservationMails;
  /** Tests drive time and ids; production uses the system's. */
  clock?: Clock;
  ids?: IdGenerator;
  /** Tests point the runtime at a mailer of their own. */
  mailer?: Mailer;
}

const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;

/**
 * Starts one web process's system from configuration: the shared process wiring (database,
 * migrations, event store, bus: system-process.ts), the live hub, and — unless a separate worker
 * does it — the relay and the projectors; then the application services, built once.
 */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = createLogger({ level: config.logLevel, format: config.logFormat });
  const testClock = !options.clock && config.env === 'test' ? adjustableClock(systemClock) : null;
  const clock = options.clock ?? testClock ?? systemClock;
  const ids = options.ids ?? cryptoIds;
  const system = await openSystemProcess(config, logger, { bus: true });
  const { database, eventStore } = system;
  const bus = system.bus!;

  try {
    const live = createLiveHub({ eventStore, map: liveMessagesFor });
    const following = await bus.follow(({ event }) => live.publish(event));
    system.onClose(() => following.close());

    let waitForProjections: Runtime['waitForProjections'];
    if (config.runProjections) {
      const fanOut = await startFanOut({ database, eventStore, bus, logger, projectors });
      system.onClose(() => fanOut.stop());
      waitForProjections = (position) => waitOrWarn(() => fanOut.projections.waitFor(position ?? 0, READ_YOUR_WRITES_TIMEOUT_MS));
    } else {
      const names = projectors.map((p) => p.name);
      waitForProjections = (position) => waitOrWarn(() => waitForCheckpoints(database.db, names, position ?? 0, READ_YOUR_WRITES_TIMEOUT_MS));
    }

    let mailer = options.mailer;
    if (!mailer && config.smtpUrl) {
      const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
      system.onClose(async () => smtp.close());
      mailer = smtp;
    }
    mailer ??= outboxMailer(database.db, ids.uuid);

    // Outside production a missing SESSION_SECRET is replaced by one generated per process
    // (sessions then end with a restart); config.ts refuses to start production without one.
    const sessions = createSessionStore(
      { db: database.db, clock },
      { secret: config.sessionSecret ?? randomBytes(32).toString('base64url'), production: config.production },
    );

    const services = createApplication({
      eventStore,
      clock,
      ids,
      hashing: nodeHashing,
      blobs: postgresBlobStore({ db: database.db, clock }),
      mailer,
      logger,
      passwords: argon2Passwords,
      reservationCatalog: catalogForReservations(database.db),
      reservationMails: options.reservationMails,
    });

    return {
      config,
      services,
      queries: createQueries(database.db),
      db: database.db,
      eventStore,
      clock,
      ids,
      logger,
      mailer,
      sessions,
      live,
      testClock,
      waitForProjections,
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

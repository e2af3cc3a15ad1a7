import type { Logger } from 'pino';
import type { SupervisedLoops } from './operations/supervisor';
import type { EventStore } from '@moncafe/domain/ports';
import type { Projector } from '@moncafe/projections/projector';
import type { Bus } from './bus/port';
import { serverPoolOf, type DatabaseHandle } from './db/connection';
import { startProjections, waitForCheckpoints, type ProjectionsHandle } from './projection-runner/runner';
import { startRelay, type Relay } from './relay/relay';

export interface FanOut {
  relay: Relay;
  projections: ProjectionsHandle;
  stop(): Promise<void>;
}

/** How often a process looks whether its relay leads, to start or stop its projectors. */
const LEAD_CHECK_MS = 250;

/**
 * The relay (event store → bus, one leader at a time) and the projectors (bus → read models).
 * The web process runs it unless RUN_PROJECTIONS=0; the worker process always does.
 *
 * Only the process whose relay leads runs the projectors (decision 197): a
 * standby that consumed too would share the one durable consumer (decision 146), and each would
 * see the other's messages as gaps and read them from the store, making read models ~10×
 * slower. A standby starts them when its relay takes the lead, and stops them if it loses it;
 * meanwhile its read-your-writes reads the checkpoint table the leader moves.
 */
export async function startFanOut(deps: {
  database: DatabaseHandle;
  eventStore: EventStore;
  /** The store as it keeps events (personal fields sealed): what the relay publishes, so the bus holds no plaintext. */
  sealedEventStore?: EventStore | undefined;
  bus: Bus;
  logger: Logger;
  projectors: readonly Projector[];
  /** The projectors' periodic read of the event store; tests turn it off to prove the bus path. */
  sweepEveryMs?: number | undefined;
  /** The process's supervised loops (decision 552). */
  loops?: Pick<SupervisedLoops, 'failed' | 'ran'> | undefined;
}): Promise<FanOut> {
  const { database, eventStore, bus, logger } = deps;
  const names = deps.projectors.map((p) => p.name);
  const relay = startRelay({ pool: database.pool, kind: database.kind, eventStore: deps.sealedEventStore ?? eventStore, bus, logger, loops: deps.loops });
  let current: ProjectionsHandle | null = null;
  let changing: Promise<void> = Promise.resolve();
  let stopped = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const follow = () =>
    (changing = changing
      .then(async () => {
        if (stopped) return;
        if (relay.isLeader() && !current) {
          current = await startProjections({
            db: database.db,
            eventStore,
            bus,
            projectors: deps.projectors,
            logger,
            sweepEveryMs: deps.sweepEveryMs,
            oneMessage: serverPoolOf(database),
            loops: deps.loops,
          });
          logger.info('projectors started: this process leads');
          void current.ready.then(markReady);
        } else if (!relay.isLeader() && current) {
          const leaving = current;
          current = null;
          logger.info('projectors stopped: another process leads');
          await leaving.stop();
        }
      })
      .catch((err: unknown) => logger.warn({ err }, 'could not start or stop the projectors; trying again')));
  const timer = setInterval(() => void follow(), LEAD_CHECK_MS);
  timer.unref();
  await follow();

  const projections: ProjectionsHandle = {
    ready,
    checkpoints: () => current?.checkpoints() ?? new Map(),
    waitFor: (position, timeoutMs) => (current ? current.waitFor(position, timeoutMs) : waitForCheckpoints(database.db, names, position, timeoutMs)),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await changing;
      await current?.stop();
      current = null;
    },
  };
  return {
    relay,
    projections,
    async stop() {
      await projections.stop();
      await relay.stop();
    },
  };
}

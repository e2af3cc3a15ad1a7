import type { Logger } from 'pino';
import type { EventStore } from '@moncafe/domain/ports';
import type { Projector } from '@moncafe/projections/projector';
import type { Bus } from './bus/port';
import type { DatabaseHandle } from './db/connection';
import { startProjections, type ProjectionsHandle } from './projection-runner/runner';
import { startRelay, type Relay } from './relay/relay';

export interface FanOut {
  relay: Relay;
  projections: ProjectionsHandle;
  stop(): Promise<void>;
}

/**
 * The relay (event store → bus, one leader at a time) and the projectors (bus → read models).
 * The web process runs it unless RUN_PROJECTIONS=0; the worker process always does.
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
}): Promise<FanOut> {
  const { database, eventStore, bus, logger } = deps;
  const relay = startRelay({ pool: database.pool, kind: database.kind, eventStore: deps.sealedEventStore ?? eventStore, bus, logger });
  try {
    const projections = await startProjections({ db: database.db, eventStore, bus, projectors: deps.projectors, logger, sweepEveryMs: deps.sweepEveryMs });
    return {
      relay,
      projections,
      async stop() {
        await projections.stop();
        await relay.stop();
      },
    };
  } catch (error) {
    await relay.stop();
    throw error;
  }
}

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock, EventStore, IdGenerator } from '@moncafe/domain/ports';
import type { Database } from '@moncafe/projections/database';

/**
 * One running system, wired from configuration: what loaders, actions and the worker reach
 * through the router context. (Implementation: see startRuntime below.)
 */
export interface Runtime {
  db: Kysely<Database>;
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Waits (bounded) until every projector has applied the event at `position`; null returns at once. */
  waitForProjections(position: number | null): Promise<void>;
  close(): Promise<void>;
}

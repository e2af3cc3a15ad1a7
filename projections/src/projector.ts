import type { Migration, Transaction } from 'kysely';
import type { RecordedEvent } from '@moncafe/domain/ports';
import type { Database } from './database';

/**
 * A read model's projector. The runner applies each event inside a transaction that also
 * moves this projector's checkpoint, so an event is applied exactly once even when the bus
 * redelivers it or the process dies half-way.
 */
export interface Projector {
  /** Checkpoint key; stable across releases. */
  name: string;
  /** Tables this read model owns; emptied when it is rebuilt from position 0. */
  tables: readonly (keyof Database & string)[];
  apply(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
}

/** Migrations of one read model, keyed by an ISO-date-prefixed name so they sort in order. */
export type ReadModelMigrations = Record<string, Migration>;

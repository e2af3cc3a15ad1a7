import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DomainEvent, RecordedEvent } from '@moncafe/domain/ports';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import type { CatalogKind } from '@moncafe/domain/catalog/registry';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { openDatabase } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import type { Database } from '../database';
import { projectBatch, type Projector } from '../projector';
import { readModelMigrations } from '../read-models';

/**
 * For projector tests: "given these events, then these rows". An in-memory PGlite migrated
 * with the read models' migrations; `project` applies the events through each projector as
 * one batch in one transaction, as the runner does.
 */
export interface ReadModelTestDb {
  db: Kysely<Database>;
  project(projectors: readonly Projector[], events: readonly (DomainEvent | RecordedEvent)[]): Promise<void>;
  close(): Promise<void>;
}

/** A catalog event in its record's stream, as the catalog decider writes it; others in the default one. */
function streamOf(event: DomainEvent): { streamId?: string } {
  if (event.type !== 'RecordSaved' && event.type !== 'RecordRemoved') return {};
  const { kind, id } = event.data as { kind: CatalogKind; id: string };
  return { streamId: catalogStream(kind, id) };
}

export async function openReadModelTestDb(migrations: Record<string, Migration> = readModelMigrations): Promise<ReadModelTestDb> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db, migrations);
  let position = 0;
  return {
    db: handle.db,
    async project(projectors, events) {
      const recorded = events.map((event) => ('position' in event ? event : recordedEvent(event, { position: ++position, ...streamOf(event) })));
      for (const projector of projectors) await handle.db.transaction().execute((trx) => projectBatch(trx, projector, recorded));
    },
    close: () => handle.close(),
  };
}

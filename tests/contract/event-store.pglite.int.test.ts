import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { openEventStore } from '@moncafe/infra/eventstore/open';
import { createEmbeddedTestDatabase } from '../support/services';
import { eventStoreContract } from './event-store-contract';

eventStoreContract('event store contract: postgres (PGlite)', async () => {
  const database = await createEmbeddedTestDatabase(eventStoreMigrations);
  // Through openEventStore, as the runtime does: no LISTEN connection on PGlite's single session.
  const store = await openEventStore({ pool: database.handle.pool, kind: database.handle.kind });
  return {
    store,
    async dispose() {
      await store.close();
      await database.drop();
    },
  };
});

describe('an embedded database written before appends ran in parallel (decision 040)', () => {
  it('opens, keeps the positions it had, and orders every new event after them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'moncafe-pglite-upgrade-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const [first, ...later] = Object.keys(eventStoreMigrations);
    const metadata = { correlationId: randomUUID(), causationId: null, actor: 'system', storeId: null };
    const old = await openDatabase({ dataDir });
    try {
      // The events table as the first release left it, with events appended the old way.
      await migrateToLatest(old.db, { [first!]: eventStoreMigrations[first!]! });
      for (const type of ['Old1', 'Old2', 'Old3'])
        await old.pool.query('select * from append_events($1, null, $2::jsonb)', [
          'old-stream',
          JSON.stringify([{ eventId: randomUUID(), type, data: {}, metadata }]),
        ]);
    } finally {
      await old.close();
    }

    const reopened = await openDatabase({ dataDir });
    onTestFinished(() => reopened.close());
    expect(later.length).toBeGreaterThan(0);
    await migrateToLatest(reopened.db, eventStoreMigrations);
    const store = await openEventStore({ pool: reopened.pool, kind: reopened.kind });
    const before = await store.readAll();
    expect(before.map((e) => [e.type, e.position])).toEqual([
      ['Old1', 1],
      ['Old2', 2],
      ['Old3', 3],
    ]);
    await store.appendToStream('old-stream', [{ eventId: randomUUID(), type: 'New', data: {}, metadata }], { expectedRevision: 2 });
    const all = await store.readAll({ after: 2 });
    expect(all.map((e) => [e.type, e.revision])).toEqual([
      ['Old3', 2],
      ['New', 3],
    ]);
    expect(all[1]!.position).toBeGreaterThan(3);
    // The old append function refuses to run beside the new appends.
    await expect(reopened.pool.query('select * from append_events($1, null, $2::jsonb)', ['x', '[]'])).rejects.toThrow(/040/);
  });
});

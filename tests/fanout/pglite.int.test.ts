import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryBus } from '@moncafe/infra/bus/memory';
import type { DatabaseHandle } from '@moncafe/infra/db/connection';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { rebuildProjections } from '@moncafe/infra/projection-runner/rebuild-in-place';
import { startProjections } from '@moncafe/infra/projection-runner/runner';
import { startRelay } from '@moncafe/infra/relay/relay';
import { createEmbeddedTestDatabase } from '../support/services';
import { fanoutMigrations } from './support/database';
import { writeEvents } from './support/events';
import { dumpTestReadModel, testProjector } from './support/test-read-model';

/** The embedded mode (no DATABASE_URL, no NATS): relay, memory bus and projector over one PGlite connection. */
describe('fan-out on embedded PGlite', () => {
  let embedded: Awaited<ReturnType<typeof createEmbeddedTestDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    embedded = await createEmbeddedTestDatabase(fanoutMigrations);
    database = embedded.handle;
  });
  afterAll(() => embedded?.drop());

  it('projects every event once through the in-process bus, and a rebuild gives the same rows', async () => {
    const store = createPostgresEventStore(database.pool);
    const bus = memoryBus();
    const relay = startRelay({ pool: database.pool, kind: 'pglite', eventStore: store, bus });
    const projections = await startProjections({ db: database.db, eventStore: store, bus, projectors: [testProjector()], sweepEveryMs: 0 });
    const head = await writeEvents(store, { total: 200, streams: 8, writers: 2, prefix: 'embedded' });
    await projections.waitFor(head, 30_000);
    expect(relay.isLeader()).toBe(true);
    await projections.stop();
    await relay.stop();

    const live = await dumpTestReadModel(database.db);
    expect(live.log.map((r) => Number((r as { position: number }).position))).toEqual((await store.readAll()).map((e) => e.position));
    await rebuildProjections({ db: database.db, eventStore: store, projectors: [testProjector()] });
    expect(await dumpTestReadModel(database.db)).toEqual(live);
    await store.close();
  });
});

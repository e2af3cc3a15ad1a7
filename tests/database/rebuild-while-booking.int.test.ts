import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '@moncafe/domain/decider';
import { openDatabase } from '@moncafe/infra/db/connection';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { personalDataLayer } from '@moncafe/infra/privacy/declarations';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import { rebuildProjections } from '@moncafe/infra/projection-runner/rebuild-in-place';
import { projectors } from '@moncafe/projections/read-models';
import { postgresUrl } from '../support/services';
import { dumpCheckpoints, dumpReadModelShape, dumpReadModels } from './read-model-dump';
import { caughtUp, startSystem, type StoreKind } from './system';

/**
 * A rebuild of every read model from /admin/database (the same service the screen calls) while
 * guests keep booking: when both are done, every read-model table holds exactly what a fresh
 * replay of the store gives, row by row — no booking made during the rebuild is lost.
 */
const serverUrl = await postgresUrl();

async function rebuildWhileBooking(kind: StoreKind) {
  const system = await startSystem(kind, serverUrl, { demo: true });
  try {
    const { runtime } = system;
    const booking = runtime.services.booking;
    await caughtUp(runtime);
    const { dates } = await booking.availableDates({ people: 2, menuIds: [] });
    expect(dates.length).toBeGreaterThan(3);

    let rebuilding = true;
    let bookedDuring = 0;
    let n = 0;
    const bookOne = async () => {
      const i = n++;
      const date = dates[1 + (i % (dates.length - 1))]!;
      const { times } = await booking.availableTimes({ date, people: 2, menuIds: [] });
      if (times.length === 0) return;
      const sessionId = `session-${i}`;
      try {
        await booking.allocateSeat({ sessionId, date, time: times[0]!, people: 2, menuIds: [], correlationId: `hold-${i}` });
        await booking.requestReservation({
          sessionId,
          accountId: null,
          customer: { name: `客${i}`, email: `guest${i}@example.jp`, phone: '090-1234-5678' },
          date,
          time: times[0]!,
          people: 2,
          cart: [],
          detail: {},
          correlationId: `book-${i}`,
        });
        if (rebuilding) bookedDuring++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    };
    // Two guests book at a time for as long as the rebuild runs (and at least 6 bookings). Each
    // booking yields to the event loop: PGlite answers in-process, without I/O.
    const guests = async () => {
      while (rebuilding || n < 6) {
        await bookOne();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const shapeBefore = await dumpReadModelShape(runtime.db);
    const rebuild = runtime.databaseAdmin.rebuild([]).finally(() => {
      rebuilding = false;
    });
    const bookings = Promise.all([guests(), guests()]);
    expect(() => runtime.databaseAdmin.startRebuild([])).toThrow(expect.objectContaining({ code: 'busy' }));
    const { operation: during } = await runtime.databaseAdmin.status();
    expect(during?.status).toBe('running');
    const result = await rebuild;
    expect(result.status, result.error ?? '').toBe('done');
    await bookings;
    expect(bookedDuring, 'bookings made while the rebuild ran').toBeGreaterThan(0);
    const { operation } = await runtime.databaseAdmin.status();
    expect(operation?.progress?.phase).toBe('done');
    expect(operation?.progress?.events).toBeGreaterThan(0);
    await caughtUp(runtime);
    const reservations = (await dumpReadModels(runtime.db)).reservations!;
    expect(reservations.length).toBeGreaterThanOrEqual(6);

    // The copies took the tables' place with every column, index and constraint, under the same names.
    expect(await dumpReadModelShape(runtime.db)).toEqual(shapeBefore);
    expect(shapeBefore.event_history!.filter((line) => line.startsWith('index ')).length).toBe(7);
    const live = await dumpReadModels(runtime.db);
    const liveCheckpoints = await dumpCheckpoints(runtime.db);
    await runtime.close();

    // A fresh replay of the same store, with nothing else running.
    const handle = await openDatabase(system.databaseUrl ? { url: system.databaseUrl, dataDir: '' } : { dataDir: system.dataDir });
    const store = createPostgresEventStore(handle.pool);
    try {
      // Through the sealing layer, as every process reads (decision 180): the personal fields are sealed at rest.
      const opened = personalDataLayer(handle.db, secretBox(system.secretsKey)).open(store);
      await rebuildProjections({ db: handle.db, eventStore: opened, projectors });
      expect(await dumpReadModels(handle.db)).toEqual(live);
      expect(await dumpCheckpoints(handle.db)).toEqual(liveCheckpoints);
    } finally {
      await store.close();
      await handle.close();
    }
  } finally {
    await system.close().catch(() => undefined);
  }
}

describe('rebuilding read models while bookings continue', () => {
  afterAll(() => undefined);
  it('ends equal to a fresh replay on PGlite', { timeout: 240_000 }, async () => {
    await rebuildWhileBooking('pglite');
  });
  it('ends equal to a fresh replay on PostgreSQL', { timeout: 240_000 }, async (ctx) => {
    if (!serverUrl) return ctx.skip();
    await rebuildWhileBooking('postgres');
  });
});

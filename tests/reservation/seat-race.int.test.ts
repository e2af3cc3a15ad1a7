import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '@moncafe/domain/decider';
import type { SeatSpec } from '@moncafe/domain/seating/allocation';
import { fixedCatalog } from '@moncafe/domain/testing/reservation-catalog';
import { reservationTestSystem } from '@moncafe/domain/testing/reservation-system';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { createEmbeddedTestDatabase, createTestDatabase, postgresUrl } from '../support/services';

/**
 * 50 sessions choose the same date and time at once. Twenty two-person seats exist, so twenty
 * of them must get a seat each and the other thirty must hear "full": never the same seat twice.
 */
const seats: SeatSpec[] = Array.from({ length: 20 }, (_, i) => ({ id: `S${i + 1}`, name: `席${i + 1}`, maxPeople: 2, holdMinutes: 90, adjacentSeatIds: [] }));

async function race(handle: DatabaseHandle) {
  await migrateToLatest(handle.db, eventStoreMigrations);
  const eventStore = createPostgresEventStore(handle.pool);
  const { booking: flow } = reservationTestSystem({ eventStore, catalog: fixedCatalog({ seats }) });
  const outcomes = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      flow
        .allocateSeat({ sessionId: `session-${i}`, date: '2026-12-20', time: '12:00', people: 2, menuIds: [], correlationId: `c${i}` })
        .then((r) => r.seatIds)
        .catch((e: unknown) => {
          if (e instanceof DomainError && e.code === 'seats_full') return [];
          throw e;
        }),
    ),
  );
  await eventStore.close();
  const granted = outcomes.filter((ids) => ids.length > 0);
  const all = granted.flat();
  expect(new Set(all).size, 'a seat was given to two sessions').toBe(all.length);
  expect(granted).toHaveLength(20);
  expect(outcomes.filter((ids) => ids.length === 0)).toHaveLength(30);
}

describe('50 sessions racing for the same time', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('never get the same seat on the real PostgreSQL', async (ctx) => {
    const server = await postgresUrl();
    if (!server) return ctx.skip();
    const database = await createTestDatabase(server, 'moncafe_seat_race');
    cleanups.push(database.drop);
    const handle = await openDatabase({ url: database.url, dataDir: '' });
    cleanups.push(handle.close);
    await race(handle);
  });

  it('never get the same seat on PGlite', async () => {
    const database = await createEmbeddedTestDatabase();
    cleanups.push(database.drop);
    await race(database.handle);
  });
});

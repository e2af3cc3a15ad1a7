import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@moncafe/domain/ports';
import { openDatabase, serverPoolOf } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventsTableOf } from '@moncafe/infra/eventstore/postgres';
import { rebuildInShadow } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import { projectors } from '@moncafe/projections/read-models';
import { createTestDatabase } from '../support/services';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { toStreamName as ledgerStream } from '@moncafe/domain/seating/events';
import { confirmationLinkIssued, dateOf, menuSaved, reservationCancelled, reservationConfirmed, reservationRequested, seatsHeld } from './events';
import { postgresCpuMs, rate, ratio, record, type Quick } from './measure';

/**
 * A realistic mix, appended as the product appends it: each booking holds seats on its day's
 * ledger, then its reservation stream is requested and mailed, and is confirmed (4 in 5) or
 * cancelled; every tenth change is a catalog save of a menu.
 */
async function seed(store: EventStore, total: number): Promise<number> {
  const appends: { streamId: string; events: NewEvent[] }[] = [];
  let count = 0;
  for (let i = 0; count < total; i++) {
    const id = randomUUID();
    // One ledger per store and day; many stores, so the seeding writers rarely meet on one.
    appends.push({ streamId: ledgerStream(`s${i % 97}`, dateOf(i)), events: [seatsHeld(i)] });
    const lifecycle = [reservationRequested(id, i), confirmationLinkIssued(i), i % 5 === 4 ? reservationCancelled(i) : reservationConfirmed(i)];
    appends.push({ streamId: reservationStream(id), events: lifecycle });
    count += 1 + lifecycle.length;
    if (i % 3 === 0) {
      appends.push({ streamId: catalogStream('menu', `bench-${i % 500}`), events: [menuSaved(`bench-${i % 500}`, 500 + (i % 1000))] });
      count += 1;
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < appends.length) {
        const { streamId, events } = appends[next++]!;
        await store.appendToStream(streamId, events, { expectedRevision: 'any' });
      }
    }),
  );
  return count;
}

export async function benchRebuild(serverUrl: string, options: Quick) {
  const total = options.quick ? 30_000 : 100_000;
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_rebuild');
  const database = await openDatabase({ url: created.url, dataDir: '' });
  try {
    await migrateToLatest(database.db, systemMigrations({ eventStoreUrl: undefined }));
    const store = createPostgresEventStore(database.pool);
    const seeded = await seed(store, total);
    await database.pool.query('vacuum analyze events');

    let started = performance.now();
    let read = 0;
    for (let after = 0; ;) {
      const page = await store.readAll({ after, maxCount: 5000 });
      if (page.length === 0) break;
      read += page.length;
      after = page.at(-1)!.position;
    }
    const readRate = (read / (performance.now() - started)) * 1000;

    // The product's rebuild (`npm run projections:rebuild`, /admin/database): into copies of the
    // tables, swapped in at the end (decisions 141, 143).
    const node = process.cpuUsage();
    const postgres = await postgresCpuMs();
    started = performance.now();
    const rebuilt = await rebuildInShadow({
      db: database.db,
      serverPool: serverPoolOf(database),
      eventStore: store,
      eventsTable: eventsTableOf(store, database.pool),
      projectors,
    });
    const rebuildRate = (rebuilt.events / (performance.now() - started)) * 1000;
    // Where the time went (decision 143): CPU of this process and of the database beside it.
    const nodeCpu = process.cpuUsage(node);
    const postgresAfter = await postgresCpuMs();
    const cpu = [
      `Node ${((nodeCpu.user + nodeCpu.system) / 1e6).toFixed(1)} s`,
      ...(postgres !== undefined && postgresAfter !== undefined ? [`PostgreSQL ${((postgresAfter - postgres) / 1000).toFixed(1)} s`] : []),
    ].join(', ');
    const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from reservations');
    await store.close();
    record({
      path: `rebuild all ${projectors.length} read models, ${seeded.toLocaleString('en')} events (PostgreSQL)`,
      product: `${rate(rebuildRate, ' events/s')} (${rows[0]!.n.toLocaleString('en')} reservations; CPU ${cpu})`,
      reference: `reading all events ${rate(readRate, ' events/s')}`,
      ratio: ratio(rebuildRate, readRate),
      target: '≥ 50,000 events/s',
      met: rebuildRate >= 50_000,
    });
  } finally {
    await database.close();
    await created.drop();
  }
}

import { performance } from 'node:perf_hooks';
import { openDatabase } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import { projectors } from '@moncafe/projections/read-models';
import { rowWriter } from '@moncafe/projections/read-model-rows';
import { createTestDatabase } from '../support/services';
import { confirmationMailSent, menuSaved, reservationConfirmed, reservationRequested, seatsHeld } from '../bench/events';
import { randomUUID } from 'node:crypto';
const created = await createTestDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'prof');
const database = await openDatabase({ url: created.url, dataDir: '' });
await migrateToLatest(database.db, systemMigrations({ eventStoreUrl: undefined }));
const store = createPostgresEventStore(database.pool);
for (let i = 0; i < 1500; i++) {
  const id = randomUUID();
  await store.appendToStream(`seating-1-x-${i}`, [seatsHeld(i)], { expectedRevision: 'any' });
  await store.appendToStream(`reservation-${id}`, [reservationRequested(id, i), confirmationMailSent(i), reservationConfirmed(i)], { expectedRevision: 'any' });
  if (i % 3 === 0) await store.appendToStream(`catalog-menu-b-${i}`, [menuSaved(`b-${i % 500}`, i)], { expectedRevision: 'any' });
}
const page = await store.readAll({ maxCount: 5000 });
console.log('page', page.length);
for (let round = 0; round < 2; round++) {
  await database.db.transaction().execute(async (trx) => {
    for (const p of projectors) {
      const rows = rowWriter(trx);
      let t = performance.now();
      for (const e of page) await p.apply(rows, e);
      const apply = performance.now() - t;
      t = performance.now();
      await rows.flush();
      console.log(p.name, 'apply', apply.toFixed(1), 'flush', (performance.now() - t).toFixed(1));
    }
  });
}
await store.close(); await database.close(); await created.drop();

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { createTestDatabase } from '../support/services';
import { loops } from '../bench/measure';
const created = await createTestDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'ab');
const pool = new pg.Pool({ connectionString: created.url, max: 12 });
await migrateToLatest(new Kysely<any>({ dialect: new PostgresDialect({ pool }) }), eventStoreMigrations);
const meta = { correlationId: 'bench', causationId: null, actor: 'bench', storeId: 'bench' };
const ev = () => ({ eventId: randomUUID(), type: 'BenchEvent', data: { note: 'x' }, metadata: meta });
for (const mode of ['new', 'existing', 'any', 'new-nonotify', 'existing']) {
  const store = createPostgresEventStore(pool, { notify: !mode.includes('nonotify') });
  const rev = new Map<number, number>();
  const r = await loops(8, 5000, async (w) => {
    if (mode.startsWith('new')) await store.appendToStream(`n-${randomUUID()}`, [ev()], { expectedRevision: 'no_stream' });
    else if (mode === 'any') await store.appendToStream(`a-${w}`, [ev()], { expectedRevision: 'any' });
    else { const x = rev.get(w) ?? -1; const res = await store.appendToStream(`e-${w}-${mode}`, [ev()], { expectedRevision: x < 0 ? 'no_stream' : x }); rev.set(w, res.nextExpectedRevision); }
  });
  console.log(mode, Math.round(r.perSecond), r.p99.toFixed(2));
  await store.close();
}
await pool.end(); await created.drop();

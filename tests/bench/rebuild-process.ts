import { performance } from 'node:perf_hooks';
import { openDatabase, serverPoolOf } from '@moncafe/infra/db/connection';
import { createPostgresEventStore, eventsTableOf } from '@moncafe/infra/eventstore/postgres';
import { personalDataLayer } from '@moncafe/infra/privacy/declarations';
import { rebuildInShadow } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import type { EventStore } from '@moncafe/domain/ports';
import { projectors } from '@moncafe/projections/read-models';
import { postgresCpuMs } from './measure';

/**
 * The growth bench's rebuild, in a process of its own as `npm run projections:rebuild` runs
 * (decision 474): the product's shadow rebuild of the database at DATABASE_URL, its guests'
 * fields opened with SECRETS_KEY. Prints one JSON line: the events rebuilt, the time, this
 * process's CPU over the rebuild, its reference reading rate and its peak resident memory over its whole life.
 */
export interface RebuildReport {
  /** The reference, read first in this process: every event, guests' fields opened as the rebuild reads them; and as stored. */
  readRate: number;
  storedReadRate: number;
  events: number;
  ms: number;
  cpuMs: number;
  /** PostgreSQL's CPU over the rebuild, read while this process's connections are still open. */
  postgresCpuMs: number | undefined;
  maxRssBytes: number;
}

/** Events a second, reading the whole log from `store` in pages of 5,000. */
async function readingRate(store: EventStore): Promise<number> {
  const started = performance.now();
  let read = 0;
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: 5000 });
    if (page.length === 0) break;
    read += page.length;
    after = page.at(-1)!.position;
  }
  return (read / (performance.now() - started)) * 1000;
}

const database = await openDatabase({ url: process.env['DATABASE_URL']!, dataDir: '' });
try {
  const sealed = createPostgresEventStore(database.pool);
  const store = personalDataLayer(database.db, secretBox(process.env['SECRETS_KEY']!)).open(sealed);
  const readRate = await readingRate(store);
  const storedReadRate = await readingRate(sealed);
  const postgres = await postgresCpuMs();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const rebuilt = await rebuildInShadow({
    db: database.db,
    serverPool: serverPoolOf(database),
    eventStore: store,
    eventsTable: eventsTableOf(sealed, database.pool),
    projectors,
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const postgresAfter = await postgresCpuMs();
  const report: RebuildReport = {
    readRate,
    storedReadRate,
    events: rebuilt.events,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    postgresCpuMs: postgres !== undefined && postgresAfter !== undefined ? postgresAfter - postgres : undefined,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  await sealed.close();
  console.log(JSON.stringify(report));
} finally {
  await database.close();
}

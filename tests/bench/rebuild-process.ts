import { performance } from 'node:perf_hooks';
import type { EventStore } from '@moncafe/domain/ports';
import { openDatabase, serverPoolOf } from '@moncafe/infra/db/connection';
import { createPostgresEventStore, eventsTableOf } from '@moncafe/infra/eventstore/postgres';
import { personalDataLayer } from '@moncafe/infra/privacy/declarations';
import { rebuildInShadow } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import { projectors } from '@moncafe/projections/read-models';
import { postgresCpu, postgresCpuMsSince } from './measure';

/**
 * The growth bench's rebuild and its reference, each in a process of its own as
 * `npm run projections:rebuild` runs (decision 474), on the database at DATABASE_URL with its
 * guests' fields opened by SECRETS_KEY. `read`: every event read as the rebuild reads it (guests'
 * fields opened), and as stored. `rebuild`: the product's shadow rebuild, with this process's CPU,
 * PostgreSQL's, and this process's peak resident memory — the rebuild's alone. Prints one JSON line.
 */
export interface ReadReport {
  readRate: number;
  storedReadRate: number;
}

export interface RebuildReport {
  events: number;
  ms: number;
  cpuMs: number;
  /** PostgreSQL's CPU over the rebuild, read while this process's connections are still open. */
  postgresCpuMs: number | undefined;
  maxRssBytes: number;
  /** The most the V8 heap held in live and dead objects, and outside it (buffers), sampled every 20 ms: where the resident memory is. */
  maxHeapUsedBytes: number;
  maxExternalBytes: number;
  /** When the bench rebuilt in rounds: how many (each figure then the median of theirs). */
  rounds?: number;
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
  if (process.argv[2] === 'read') {
    const report: ReadReport = { readRate: await readingRate(store), storedReadRate: await readingRate(sealed) };
    console.log(JSON.stringify(report));
  } else {
    let maxHeapUsedBytes = 0;
    let maxExternalBytes = 0;
    const sampler = setInterval(() => {
      const memory = process.memoryUsage();
      maxHeapUsedBytes = Math.max(maxHeapUsedBytes, memory.heapUsed);
      maxExternalBytes = Math.max(maxExternalBytes, memory.external);
    }, 20);
    const postgres = await postgresCpu();
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
    clearInterval(sampler);
    const used = process.cpuUsage(cpu);
    const report: RebuildReport = {
      events: rebuilt.events,
      ms,
      cpuMs: (used.user + used.system) / 1000,
      postgresCpuMs: await postgresCpuMsSince(postgres),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      maxHeapUsedBytes,
      maxExternalBytes,
    };
    console.log(JSON.stringify(report));
  }
  await sealed.close();
} finally {
  await database.close();
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { memoryBus } from '@moncafe/infra/bus/memory';
import { connectNatsBus, deleteNatsStream } from '@moncafe/infra/bus/nats';
import type { Bus } from '@moncafe/infra/bus/port';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { openEventStore } from '@moncafe/infra/eventstore/open';
import { startFanOut } from '@moncafe/infra/fan-out';
import { createLogger } from '@moncafe/infra/logger';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import { projectors } from '@moncafe/projections/read-models';
import { createTestDatabase, uniqueName } from '../support/services';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { menuSaved, reservationRequested } from './events';
import { ms, percentile, ratio, record, sortedCopy, type Quick } from './measure';
import { cryptoIds } from '@moncafe/infra/system';

/**
 * Append → read-model row at 100 events a second: from the start of the append until every
 * projector's checkpoint has passed the event (its row is there), through the relay and the bus
 * alone (no read-your-writes nudge). The reference, in the same run: append → the live feed,
 * the moment the event reaches the bus listener that /live is fed from.
 */
async function measure(database: DatabaseHandle, bus: Bus, seconds: number) {
  const logger = createLogger({ level: 'silent' });
  await migrateToLatest(database.db, systemMigrations({ eventStoreUrl: undefined }));
  const eventStore = await openEventStore({ pool: database.pool, kind: database.kind });
  const fanOut = await startFanOut({ database, eventStore, bus, logger, projectors, sweepEveryMs: 0 });
  await fanOut.projections.ready;
  const liveStarted = new Map<string, number>();
  const live: number[] = [];
  /** When each event reached the bus listener: the read model's time after it is the apply's part. */
  const onBus = new Map<string, number>();
  const following = await bus.follow(({ event }) => {
    const started = liveStarted.get(event.eventId);
    if (started !== undefined) live.push(performance.now() - started);
    onBus.set(event.eventId, performance.now());
  });
  const pending: { position: number; started: number; eventId: string }[] = [];
  const readModel: number[] = [];
  const afterBus: number[] = [];
  const poll = setInterval(() => {
    const reached = Math.min(...fanOut.projections.checkpoints().values());
    while (pending.length > 0 && pending[0]!.position <= reached) {
      const { started, eventId } = pending.shift()!;
      readModel.push(performance.now() - started);
      const arrived = onBus.get(eventId);
      if (arrived !== undefined) afterBus.push(Math.max(0, performance.now() - arrived));
    }
  }, 1);

  const count = seconds * 100;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + i * 10;
    if (due > performance.now()) await delay(due - performance.now());
    const event = i % 2 === 0 ? menuSaved(`latency-${i}`, 500 + i) : reservationRequested(cryptoIds.uuid(), i);
    const streamId = i % 2 === 0 ? catalogStream('menu', `latency-${i}`) : reservationStream((event.data as { reservationId: string }).reservationId);
    const started = performance.now();
    liveStarted.set(event.eventId, started);
    void eventStore.appendToStream(streamId, [event], { expectedRevision: 'no_stream' }).then((result) => {
      pending.push({ position: result.lastPosition, started, eventId: event.eventId });
      pending.sort((a, b) => a.position - b.position);
    });
  }
  const deadline = performance.now() + 10_000;
  while ((readModel.length < count || live.length < count) && performance.now() < deadline) await delay(5);
  clearInterval(poll);
  await following.close();
  await fanOut.stop();
  await eventStore.close();
  return {
    readModel: percentile(sortedCopy(readModel), 0.99),
    live: percentile(sortedCopy(live), 0.99),
    afterBus: { p50: percentile(sortedCopy(afterBus), 0.5), p99: percentile(sortedCopy(afterBus), 0.99) },
    lost: count - readModel.length,
  };
}

function report(target: string, result: Awaited<ReturnType<typeof measure>>) {
  record({
    path: `append → read-model row, 100 events/s, ${target}`,
    // Where the time goes: the reference is the way to the bus; after it, the runner's read of the
    // store and its apply (decision 471), seen by a poll of the checkpoints every millisecond.
    product: `p99 ${ms(result.readModel)}${result.lost ? ` (${result.lost} not applied in time)` : ''}; from the bus on: p50 ${ms(result.afterBus.p50)}, p99 ${ms(result.afterBus.p99)}`,
    reference: `append → /live p99 ${ms(result.live)}`,
    ratio: ratio(result.readModel, result.live),
    target: 'p99 ≤ 50 ms',
    met: result.readModel <= 50 && result.lost === 0,
  });
}

export async function benchLatency(serverUrl: string | null, natsUrl: string | null, options: Quick) {
  const seconds = options.quick ? 4 : 15;
  if (serverUrl && natsUrl) {
    const created = await createTestDatabase(serverUrl, 'moncafe_bench_latency');
    const stream = uniqueName('BENCH');
    const database = await openDatabase({ url: created.url, dataDir: '' });
    const bus = await connectNatsBus({ url: natsUrl, streamName: stream, subjectPrefix: stream.toLowerCase() });
    try {
      report('PostgreSQL + NATS', await measure(database, bus, seconds));
    } finally {
      await bus.close();
      await deleteNatsStream(natsUrl, stream);
      await database.close();
      await created.drop();
    }
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-bench-latency-'));
  const embedded = await openDatabase({ dataDir });
  const bus = memoryBus();
  try {
    report('embedded (PGlite + in-process bus)', await measure(embedded, bus, seconds));
  } finally {
    await bus.close();
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

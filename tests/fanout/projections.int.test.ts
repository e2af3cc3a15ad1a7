import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@moncafe/domain/ports';
import { memoryBus } from '@moncafe/infra/bus/memory';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { gatheredBatches } from '@moncafe/infra/projection-runner/apply-batches';
import { rebuildProjections } from '@moncafe/infra/projection-runner/rebuild-in-place';
import { ProjectionLagError, startProjections, type ProjectionsHandle } from '@moncafe/infra/projection-runner/runner';
import { ensureCheckpoint, readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Projector } from '@moncafe/projections/projector';
import { sql } from 'kysely';
import { startRelay } from '@moncafe/infra/relay/relay';
import { postgresUrl } from '../support/services';
import { freshDatabase, type TestDatabase } from './support/database';
import { newEvent, readThrough, writeEvents } from './support/events';
import { countingProjector, dumpTestReadModel, tallyProjector, testProjector } from './support/test-read-model';
import { until } from '../support/until';

const serverUrl = await postgresUrl();

async function logPositions(database: TestDatabase): Promise<number[]> {
  return (await dumpTestReadModel(database.handle.db)).log.map((r) => Number((r as { position: number }).position));
}

async function allPositions(store: EventStore): Promise<number[]> {
  return (await store.readAll()).map((e) => e.position);
}

describe.skipIf(!serverUrl)('projector runner', () => {
  let database: TestDatabase;
  let store: EventStore;
  /** The first test's pipeline, left running so the rebuild test runs beside a live runner. */
  let live: ProjectionsHandle | null = null;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await freshDatabase(serverUrl!);
    store = createPostgresEventStore(database.handle.pool, { listen: true });
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await store.close();
    await database.drop();
  });

  it('catches up from the event store at start, then follows the relay through the bus, applying each event once', async () => {
    await writeEvents(store, { total: 60, streams: 6, writers: 2, prefix: 'a' });
    const bus = memoryBus();
    const relay = startRelay({ pool: database.handle.pool, kind: 'pg', eventStore: store, bus, name: 'runner-a', standbyPollMs: 50 });
    const projections = await startProjections({ db: database.handle.db, eventStore: store, bus, projectors: [testProjector()], sweepEveryMs: 0 });
    live = projections;
    cleanups.push(async () => {
      await projections.stop();
      await relay.stop();
    });
    await projections.ready;
    expect(await logPositions(database)).toEqual(await allPositions(store));

    const head = await writeEvents(store, { total: 40, streams: 4, writers: 2, prefix: 'b' });
    await until(async () => (projections.checkpoints().get('fanout-test') ?? 0) >= head, { what: 'the projector to follow the bus' });
    expect(await logPositions(database)).toEqual(await allPositions(store));
  });

  it('reads a gap from the event store when a bus message says an earlier event was missed', async () => {
    const projector = testProjector('gap-test');
    const db2 = await freshDatabase(serverUrl!);
    cleanups.push(() => db2.drop());
    const bus = memoryBus();
    // No periodic store read: only the gap logic may fill the gap.
    const projections = await startProjections({ db: db2.handle.db, eventStore: store, bus, projectors: [projector], sweepEveryMs: 0 });
    await projections.ready;
    const before = projections.checkpoints().get('gap-test')!;
    expect(before).toBe(await store.headPosition());

    const appended = await store.appendToStream('order-gap-1', [newEvent(), newEvent(), newEvent()], { expectedRevision: 'no_stream' });
    const [, missedB, last] = await readThrough(store, before, appended.lastPosition);
    // Only the last event reaches the bus; the two before it were "lost".
    await bus.publish(last!, missedB!.position);
    await until(() => (projections.checkpoints().get('gap-test') ?? 0) >= last!.position, { what: 'the gap to heal' });
    await projections.stop();
    expect(await logPositions(db2)).toEqual(await allPositions(store));
  });

  it('applies an event delivered twice only once', async () => {
    const db3 = await freshDatabase(serverUrl!);
    cleanups.push(() => db3.drop());
    // No dedupe in this bus: the checkpoint alone must stop the second application.
    const bus = memoryBus({ dedupeWindow: 0, retryDelayMs: 10 });
    const projections = await startProjections({ db: db3.handle.db, eventStore: store, bus, projectors: [testProjector()], sweepEveryMs: 0 });
    await projections.ready;
    const head = await store.headPosition();
    const appended = await store.appendToStream('order-twice-1', [newEvent(), newEvent()], { expectedRevision: 'no_stream' });
    const [first, marker] = await readThrough(store, head, appended.lastPosition);
    await bus.publish(first!, head);
    await bus.publish(first!, head);
    await bus.publish(marker!, first!.position);
    // A second application would break fanout_log's key, fail forever and hold the marker back.
    await until(() => (projections.checkpoints().get('fanout-test') ?? 0) >= marker!.position, { what: 'the marker after the duplicate' });
    await projections.stop();
    const positions = await logPositions(db3);
    expect(positions).toEqual(await allPositions(store));
  });

  it('keeps each event applied once when two runners of one projector apply the same events at once', async () => {
    const db4 = await freshDatabase(serverUrl!);
    cleanups.push(() => db4.drop());
    // Two independent pipelines (relay → bus → runner) feeding one projector and one checkpoint.
    const pipelines = await Promise.all(
      ['one', 'two'].map(async (name) => {
        const bus = memoryBus();
        const relay = startRelay({ pool: db4.handle.pool, kind: 'pg', eventStore: store, bus, name: `concurrent-${name}`, standbyPollMs: 50 });
        const projections = await startProjections({ db: db4.handle.db, eventStore: store, bus, projectors: [testProjector(), countingProjector()] });
        return { relay, projections };
      }),
    );
    const head = await writeEvents(store, { total: 150, streams: 6, writers: 3, prefix: 'c' });
    for (const p of pipelines) await p.projections.waitFor(head, 20_000);
    for (const p of pipelines) {
      await p.projections.stop();
      await p.relay.stop();
    }
    expect(await logPositions(db4)).toEqual(await allPositions(store));
    const positions = await allPositions(store);
    const { counts } = await dumpTestReadModel(db4.handle.db);
    expect(counts).toEqual([{ projector: 'fanout-count', events: positions.length, position_sum: positions.reduce((a, b) => a + b, 0) }]);
  });

  it('takes each event from the bus once for all its projectors; one that fails holds back only itself, then applies each event once', async () => {
    const db6 = await freshDatabase(serverUrl!);
    cleanups.push(() => db6.drop());
    const inner = memoryBus({ retryDelayMs: 20 });
    const consumers: string[] = [];
    const bus: typeof inner = {
      ...inner,
      consume(durableName, handler, options) {
        consumers.push(durableName);
        return inner.consume(durableName, handler, options);
      },
    };
    let failing = true;
    const counting = countingProjector('fanout-flaky');
    const flaky: Projector = {
      ...counting,
      async apply(rows, event) {
        if (failing) throw new Error('flaky is down');
        await counting.apply(rows, event);
      },
    };
    const relay = startRelay({ pool: db6.handle.pool, kind: 'pg', eventStore: store, bus, name: 'one-consumer', standbyPollMs: 50 });
    const projections = await startProjections({
      db: db6.handle.db,
      eventStore: store,
      bus,
      projectors: [testProjector(), countingProjector(), flaky],
      sweepEveryMs: 0,
    });
    cleanups.push(async () => {
      await projections.stop();
      await relay.stop();
    });
    // The catch-up at start fails for the flaky one (and is retried); the others catch up.
    const start = await store.headPosition();
    await until(() => (projections.checkpoints().get('fanout-test') ?? 0) >= start && (projections.checkpoints().get('fanout-count') ?? 0) >= start, {
      what: 'the healthy projectors to catch up',
    });
    const head = await writeEvents(store, { total: 30, streams: 3, writers: 2, prefix: 'one' });
    await until(() => (projections.checkpoints().get('fanout-test') ?? 0) >= head && (projections.checkpoints().get('fanout-count') ?? 0) >= head, {
      what: 'the healthy projectors to follow the bus past a failing one',
    });
    // One durable consumer for the three projectors.
    expect(consumers).toHaveLength(1);
    expect(projections.checkpoints().get('fanout-flaky')).toBe(0);

    failing = false;
    await projections.waitFor(head, 20_000);
    const positions = await allPositions(store);
    const { counts } = await dumpTestReadModel(db6.handle.db);
    const expected = { events: positions.length, position_sum: positions.reduce((a, b) => a + b, 0) };
    expect(counts).toEqual([
      { projector: 'fanout-count', ...expected },
      { projector: 'fanout-flaky', ...expected },
    ]);
    expect(await logPositions(db6)).toEqual(positions);
  });

  it('waits for read-your-writes by reading the store even without a relay, and rejects clearly past its bound', async () => {
    const db5 = await freshDatabase(serverUrl!);
    cleanups.push(() => db5.drop());
    const projections = await startProjections({ db: db5.handle.db, eventStore: store, bus: memoryBus(), projectors: [testProjector()] });
    await projections.ready;
    const { lastPosition } = await store.appendToStream('order-ryw-1', [newEvent()], { expectedRevision: 'no_stream' });
    await projections.waitFor(lastPosition, 10_000);
    expect((await logPositions(db5)).at(-1)).toBe(lastPosition);

    const error = await projections.waitFor(lastPosition + 1000, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionLagError);
    expect((error as ProjectionLagError).behind).toEqual({ 'fanout-test': lastPosition });
    await projections.stop();
  });

  it('reads an event an older open transaction held back as soon as that one ends, without a relay or a bus (decision 432)', async () => {
    const db6 = await freshDatabase(serverUrl!);
    cleanups.push(() => db6.drop());
    const projections = await startProjections({ db: db6.handle.db, eventStore: store, bus: memoryBus(), projectors: [testProjector()], sweepEveryMs: 0 });
    await projections.ready;
    // A transaction of the store's database that began before the append and is still open (another
    // append, the projectors' own): readers of all streams do not see the event yet (decision 040).
    const older = await database.handle.pool.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const { lastPosition } = await store.appendToStream('order-ryw-held', [newEvent()], { expectedRevision: 'no_stream' });
      expect(await projections.waitFor(lastPosition, 300).catch((e: unknown) => e)).toBeInstanceOf(ProjectionLagError);

      const waited = projections.waitFor(lastPosition, 10_000);
      await older.query('commit');
      await waited;
      expect((await logPositions(db6)).at(-1)).toBe(lastPosition);
    } finally {
      await older.query('rollback').catch(() => undefined);
      older.release();
      await projections.stop();
    }
  });

  it('follows the store within a second while the bus is away, not at the next sweep (decision 199)', async () => {
    const db6 = await freshDatabase(serverUrl!);
    cleanups.push(() => db6.drop());
    // A worker whose NATS is down: nothing is delivered, and the bus says it is not connected.
    const bus = { ...memoryBus(), connected: () => false };
    const projections = await startProjections({ db: db6.handle.db, eventStore: store, bus, projectors: [testProjector()] });
    cleanups.push(() => projections.stop());
    await projections.ready;
    // Another process appends; nobody asks this runner to wait for it (read-your-writes in a web
    // process reads the checkpoint table).
    const { lastPosition } = await store.appendToStream('order-bus-down-1', [newEvent()], { expectedRevision: 'no_stream' });
    await until(async () => (await readCheckpoints(db6.handle.db, ['fanout-test'])).get('fanout-test')! >= lastPosition, {
      what: 'the checkpoint to pass the new event with the bus away',
      timeoutMs: 2_000,
    });
  });

  it('rebuilds from position 0 to the same rows, in place and into a fresh database', async () => {
    await live!.waitFor(await store.headPosition(), 20_000);
    const expected = await dumpTestReadModel(database.handle.db);
    expect(expected.log.map((r) => Number((r as { position: number }).position))).toEqual(await allPositions(store));
    const result = await rebuildProjections({ db: database.handle.db, eventStore: store, projectors: [testProjector()], batchSize: 37 });
    expect(result.position).toBe(await store.headPosition());
    // The first test's runner is still live on this database: the checkpoint lock keeps it harmless.
    expect(await dumpTestReadModel(database.handle.db)).toEqual(expected);

    const fresh = await freshDatabase(serverUrl!);
    cleanups.push(() => fresh.drop());
    await rebuildProjections({ db: fresh.handle.db, eventStore: store, projectors: [testProjector()] });
    const rebuilt = await dumpTestReadModel(fresh.handle.db);
    expect(rebuilt).toEqual(await dumpTestReadModel(database.handle.db));
    expect(rebuilt.log.map((r) => Number((r as { position: number }).position))).toEqual(await allPositions(store));
  });

  it('applies the batches of many projectors asked for at once in one transaction, and a failing one alone fails', async () => {
    const db = database.handle.db;
    /** Records the id of the transaction that applied its events. */
    const transactionOf = (name: string, fail = false): Projector => ({
      name,
      tables: ['fanout_counts'] as unknown as Projector['tables'],
      async apply(rows) {
        if (fail) throw new Error(`${name} cannot apply this`);
        const trx = await rows.transaction();
        await sql`insert into fanout_counts (projector, events, position_sum) values (${name}, 1, txid_current())
          on conflict (projector) do update set events = fanout_counts.events + 1, position_sum = excluded.position_sum`.execute(trx);
      },
    });
    const names = Array.from({ length: 22 }, (_, i) => `gathered-${String(i).padStart(2, '0')}`);
    const projectors = [...names.map((n) => transactionOf(n)), transactionOf('gathered-broken', true)];
    for (const p of projectors) await ensureCheckpoint(db, p.name);
    const before = await store.headPosition();
    const head = await writeEvents(store, { total: 3, streams: 1, writers: 1, prefix: 'gathered' });
    const events = await readThrough(store, before, head);
    expect(events).toHaveLength(3);

    const apply = gatheredBatches(db);
    const answers = await Promise.allSettled(projectors.map((p) => apply(p, events)));
    expect(answers.slice(0, 22)).toEqual(names.map(() => ({ status: 'fulfilled', value: head })));
    expect(answers[22]).toMatchObject({ status: 'rejected', reason: { message: 'gathered-broken cannot apply this' } });

    const { rows } = await sql<{ projector: string; events: number; position_sum: string }>`
      select projector, events, position_sum from fanout_counts where projector like 'gathered-%' order by projector`.execute(db);
    expect(rows.map((r) => [r.projector, r.events])).toEqual(names.map((n) => [n, 3]));
    // Retried one by one after the shared transaction failed: each in a transaction of its own.
    expect(new Set(rows.map((r) => r.position_sum)).size).toBe(22);
    const checkpoints = await readCheckpoints(db, [...names, 'gathered-broken']);
    expect([...checkpoints.values()]).toEqual([...names.map(() => head), 0]);

    // Without the broken one: the next events of all 22 in one transaction, none applied twice.
    const next = await writeEvents(store, { total: 2, streams: 1, writers: 1, prefix: 'gathered-next' });
    const more = await readThrough(store, head, next);
    await Promise.all(projectors.slice(0, 22).map((p) => apply(p, [...events, ...more])));
    const { rows: after } = await sql<{ events: number; position_sum: string }>`
      select events, position_sum from fanout_counts where projector like 'gathered-%' order by projector`.execute(db);
    expect(after.map((r) => r.events)).toEqual(names.map(() => 5));
    expect(new Set(after.map((r) => r.position_sum)).size).toBe(1);
    expect([...(await readCheckpoints(db, names)).values()]).toEqual(names.map(() => next));
  });

  describe('a batch sent as one message (decision 471)', () => {
    const tallies = async (names: string[]) => {
      const { rows } = await sql<{ projector: string; events: number; position_sum: string }>`
        select projector, events, position_sum from fanout_counts where projector in (${sql.join(names)}) order by projector`.execute(database.handle.db);
      return rows.map((r) => ({ projector: r.projector, events: r.events, position_sum: Number(r.position_sum) }));
    };
    const sum = (events: readonly { position: number }[]) => events.reduce((n, e) => n + e.position, 0);
    async function freshEvents(prefix: string, total: number) {
      const before = await store.headPosition();
      const head = await writeEvents(store, { total, streams: 1, writers: 1, prefix });
      return readThrough(store, before, head);
    }
    /** The pool, with every message it is sent kept. */
    function recording() {
      const sent: string[] = [];
      return { sent, oneMessage: { query: (text: string) => (sent.push(text), database.handle.pool.query(text)) } };
    }

    it('goes as one message once the runner knows the checkpoint; a checkpoint another runner moved meanwhile rolls it all back, and each event counts once', async () => {
      const db = database.handle.db;
      const projector = tallyProjector('message-tally');
      await ensureCheckpoint(db, projector.name);
      const events = await freshEvents('message', 7);
      const { sent, oneMessage } = recording();
      const runnerA = gatheredBatches(db, { oneMessage });
      const runnerB = gatheredBatches(db, { oneMessage });

      // The first batch finds the checkpoint under its lock, in a transaction.
      expect(await runnerA(projector, events.slice(0, 2))).toBe(events[1]!.position);
      expect(sent).toHaveLength(0);
      // Then one message: the guard, the row's write and the checkpoint's move.
      expect(await runnerA(projector, events.slice(0, 3))).toBe(events[2]!.position);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^do \$guard\$[\s\S]*insert into "fanout_counts"[\s\S]*update projection_checkpoints/);
      expect(await tallies([projector.name])).toEqual([{ projector: projector.name, events: 3, position_sum: sum(events.slice(0, 3)) }]);

      // Another runner (a second process, a leader change) applies up to the fifth.
      expect(await runnerB(projector, events.slice(0, 5))).toBe(events[4]!.position);
      // The first still knows the third: its message counts the 4th–6th onto the row it read
      // (5 events, 8 if it stayed); the guard refuses it and the transaction applies the sixth.
      expect(await runnerA(projector, events.slice(3, 6))).toBe(events[5]!.position);
      expect(sent).toHaveLength(2);
      expect(await tallies([projector.name])).toEqual([{ projector: projector.name, events: 6, position_sum: sum(events.slice(0, 6)) }]);
      expect((await readCheckpoints(db, [projector.name])).get(projector.name)).toBe(events[5]!.position);

      // Known again: the seventh goes as one message.
      expect(await runnerA(projector, events.slice(6))).toBe(events[6]!.position);
      expect(sent).toHaveLength(3);
      expect(await tallies([projector.name])).toEqual([{ projector: projector.name, events: 7, position_sum: sum(events) }]);
    });

    it('keeps nothing of a message one write of which PostgreSQL refuses: the good read model counts each event once, the refused one alone stays behind', async () => {
      const db = database.handle.db;
      const events = await freshEvents('message-refused', 3);
      const good = tallyProjector('message-good');
      const refused = tallyProjector('message-refused', { failAt: events[2]!.position });
      for (const p of [good, refused]) await ensureCheckpoint(db, p.name);
      const { sent, oneMessage } = recording();
      const apply = gatheredBatches(db, { oneMessage });
      await Promise.all([good, refused].map((p) => apply(p, events.slice(0, 1))));
      await Promise.all([good, refused].map((p) => apply(p, events.slice(0, 2))));
      expect(sent).toHaveLength(1);

      const answers = await Promise.allSettled([good, refused].map((p) => apply(p, events)));
      expect(sent).toHaveLength(2);
      expect(sent[1]).toContain("'message-good'");
      expect(answers[0]).toEqual({ status: 'fulfilled', value: events[2]!.position });
      expect(answers[1]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/null value in column "events"/) } });
      expect(await tallies([good.name, refused.name])).toEqual([
        { projector: good.name, events: 3, position_sum: sum(events) },
        { projector: refused.name, events: 2, position_sum: sum(events.slice(0, 2)) },
      ]);
      expect([...(await readCheckpoints(db, [good.name, refused.name])).values()]).toEqual([events[2]!.position, events[1]!.position]);
    });

    it('applies in the transaction a batch whose read model reads a table another one of the batch writes, as a transaction would show it', async () => {
      const db = database.handle.db;
      const writer = tallyProjector('message-writer');
      const reader = tallyProjector('message-reader', { copies: writer.name });
      for (const p of [writer, reader]) await ensureCheckpoint(db, p.name);
      const events = await freshEvents('message-reader', 3);
      const { sent, oneMessage } = recording();
      const apply = gatheredBatches(db, { oneMessage });
      for (let i = 1; i <= 3; i++) {
        await Promise.all([writer, reader].map((p) => apply(p, events.slice(0, i))));
        expect((await tallies([writer.name, reader.name])).map((t) => t.events)).toEqual([i, i]);
      }
      expect(sent).toHaveLength(0);
    });
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { gatheredBatches } from '@moncafe/infra/projection-runner/apply-batches';
import { ensureCheckpoint } from '@moncafe/projections/checkpoints/queries';
import { freshDatabase, type TestDatabase } from '../fanout/support/database';
import { readThrough, writeEvents } from '../fanout/support/events';
import { tallyProjector } from '../fanout/support/test-read-model';
import { until } from '../support/until';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * A runner that applied a batch as one message (decision 471) and was answered its checkpoint
 * goes on from there: it never reads those events again. So the move must outlive a crash of
 * PostgreSQL right after it (decision 478): a commit that did not wait for the disk was lost by an
 * immediate stop, the checkpoint went back, and the faults suite's read models missed events
 * that a fresh replay had.
 */
describe.runIf(canRunThrowawayPostgres)('read models applied in one message, across a crash of PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  let database: TestDatabase;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres(15730);
    database = await freshDatabase(postgres.url);
  }, 120_000);
  afterAll(async () => {
    await database?.handle.close();
    await postgres?.destroy();
  });

  /** The checkpoint as stored, read on a connection of its own once the server answers again. */
  async function storedCheckpoint(name: string): Promise<number> {
    let position = -1;
    await until(
      async () => {
        const client = new pg.Client({ connectionString: database.url });
        client.on('error', () => undefined);
        try {
          await client.connect();
          const { rows } = await client.query<{ position: string }>('select position from projection_checkpoints where name = $1', [name]);
          position = Number(rows[0]!.position);
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      { timeoutMs: 30_000, what: 'PostgreSQL to answer again', everyMs: 100 },
    );
    return position;
  }

  it('keeps every checkpoint move it answered, however soon PostgreSQL is stopped immediately after', async () => {
    const { db, pool } = database.handle;
    const store = createPostgresEventStore(pool);
    const before = await store.headPosition();
    const head = await writeEvents(store, { total: 6, streams: 1, writers: 1, prefix: 'crash' });
    const events = await readThrough(store, before, head);
    const projector = tallyProjector('crash-tally');
    await ensureCheckpoint(db, projector.name);
    const sent: string[] = [];
    const apply = gatheredBatches(db, { oneMessage: { query: (text: string) => (sent.push(text), pool.query(text)) } });
    // The first batch finds the checkpoint in a transaction; from then on the runner knows it.
    expect(await apply(projector, events.slice(0, 1))).toBe(events[0]!.position);
    for (let i = 1; i < events.length; i++) {
      const answered = await apply(projector, events.slice(i, i + 1));
      expect(answered).toBe(events[i]!.position);
      expect(sent).toHaveLength(i);
      await postgres.stop('immediate');
      await postgres.start();
      expect(await storedCheckpoint(projector.name), `after event ${i + 1} of ${events.length}`).toBe(answered);
      // The pool's connections died with the server: the next batch waits for a fresh one.
      await until(
        () =>
          pool.query('select 1').then(
            () => true,
            () => false,
          ),
        { timeoutMs: 30_000, what: 'the pool to reconnect', everyMs: 100 },
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { createEmbeddedTestDatabase } from '../../../tests/support/services';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, idempotencyKeys, idempotencyMigrations, runOnce, type KeptAnswer } from './idempotency-keys';

const answer = (body: string): KeptAnswer => ({ status: 200, headers: [['content-type', 'application/json']], body });

/** The keys' table on the embedded database (the default's PGlite; the HTTP suite runs it on PostgreSQL with two processes). */
describe('idempotency keys', () => {
  let embedded: Awaited<ReturnType<typeof createEmbeddedTestDatabase>>;
  beforeAll(async () => {
    embedded = await createEmbeddedTestDatabase(idempotencyMigrations);
  });
  afterAll(() => embedded?.drop());

  it('runs a request once per scope and key, answers its kept answer again, and refuses the key for another request', async () => {
    const keys = idempotencyKeys({ db: embedded.handle.db, clock: manualClock(new Date('2026-11-26T10:00:00Z')) });
    let runs = 0;
    const run = async () => answer(`run ${++runs}`);
    const keep = async (a: KeptAnswer) => a;
    expect(await runOnce(keys, { scope: 's1', key: 'k1', fingerprint: 'f1' }, run, keep)).toEqual({ kind: 'ran', result: answer('run 1') });
    expect(await runOnce(keys, { scope: 's1', key: 'k1', fingerprint: 'f1' }, run, keep)).toEqual({ kind: 'replay', answer: answer('run 1') });
    expect(await runOnce(keys, { scope: 's1', key: 'k1', fingerprint: 'f2' }, run, keep)).toEqual({ kind: 'conflict' });
    // Another client's key of the same name is its own.
    expect(await runOnce(keys, { scope: 's2', key: 'k1', fingerprint: 'f1' }, run, keep)).toEqual({ kind: 'ran', result: answer('run 2') });
    expect(runs).toBe(2);
  });

  it('frees the key when nothing was kept or the run failed, so the retry runs', async () => {
    const keys = idempotencyKeys({ db: embedded.handle.db, clock: manualClock(new Date('2026-11-26T10:00:00Z')) });
    await expect(
      runOnce(
        keys,
        { scope: 's', key: 'failing', fingerprint: 'f' },
        () => Promise.reject(new Error('database away')),
        async () => null,
      ),
    ).rejects.toThrow('database away');
    expect(
      await runOnce(
        keys,
        { scope: 's', key: 'failing', fingerprint: 'f' },
        async () => 503,
        async () => null,
      ),
    ).toEqual({ kind: 'ran', result: 503 });
    expect(
      await runOnce(
        keys,
        { scope: 's', key: 'failing', fingerprint: 'f' },
        async () => answer('ok'),
        async (a) => a,
      ),
    ).toEqual({
      kind: 'ran',
      result: answer('ok'),
    });
  });

  it('answers "in flight" while the first request runs, lets the same request take a lapsed lease, and sweeps keys after 24 hours', async () => {
    const clock = manualClock(new Date('2026-11-26T10:00:00Z'));
    const keys = idempotencyKeys({ db: embedded.handle.db, clock });
    expect(await keys.claim('s', 'slow', 'f')).toEqual({ kind: 'run' });
    expect(await keys.claim('s', 'slow', 'f')).toEqual({ kind: 'in_flight' });
    expect(await keys.claim('s', 'slow', 'other')).toEqual({ kind: 'conflict' });
    // Its process died: after the lease the same request runs; another one still may not.
    clock.advanceMs(IDEMPOTENCY_LEASE_MS);
    expect(await keys.claim('s', 'slow', 'other')).toEqual({ kind: 'conflict' });
    expect(await keys.claim('s', 'slow', 'f')).toEqual({ kind: 'run' });
    await keys.complete('s', 'slow', 'f', answer('late'));
    expect(await keys.claim('s', 'slow', 'f')).toEqual({ kind: 'replay', answer: answer('late') });

    clock.advanceMs(IDEMPOTENCY_TTL_MS - 1);
    expect(await keys.claim('s', 'slow', 'f')).toEqual({ kind: 'replay', answer: answer('late') });
    clock.advanceMs(1);
    expect(await keys.sweep()).toBeGreaterThan(0);
    // Expired: the key is new again.
    expect(await keys.claim('s', 'slow', 'other')).toEqual({ kind: 'run' });
  });
});

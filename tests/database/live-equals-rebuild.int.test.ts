import { describe, expect, it } from 'vitest';
import { postgresUrl } from '../support/services';
import { dumpReadModels } from './read-model-dump';
import { caughtUp, startSystem, type StoreKind } from './system';

/**
 * Decision 199: every read model as the projectors built it live equals what a rebuild
 * makes of the same store. `event_history` did not on PostgreSQL: live rows kept the recording
 * time in milliseconds (a JS Date), the rebuild's rows (made by PostgreSQL from the event table)
 * in microseconds.
 */
const serverUrl = await postgresUrl();

async function liveEqualsRebuild(kind: StoreKind) {
  const system = await startSystem(kind, serverUrl, { demo: true });
  try {
    const { runtime } = system;
    await caughtUp(runtime);
    const live = await dumpReadModels(runtime.db);
    expect(live.event_history!.length).toBeGreaterThan(0);
    const result = await runtime.databaseAdmin.rebuild([]);
    expect(result.status, result.error ?? '').toBe('done');
    await caughtUp(runtime);
    expect(await dumpReadModels(runtime.db)).toEqual(live);
  } finally {
    await system.close().catch(() => undefined);
  }
}

describe('live read models equal their rebuild', () => {
  it('on PostgreSQL', { timeout: 180_000 }, async (ctx) => {
    if (!serverUrl) return ctx.skip();
    await liveEqualsRebuild('postgres');
  });
  it('on PGlite', { timeout: 180_000 }, async () => {
    await liveEqualsRebuild('pglite');
  });
});

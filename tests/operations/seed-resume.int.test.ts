import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { seedEmptySystem } from '@moncafe/infra/seed';
import { caughtUp } from '../database/system';

const STORE = '2';
const DEMO_PEOPLE = ['hanako.sato@moncafe.example', 'kenta.suzuki@moncafe.example', 'misaki.tanaka@moncafe.example'];

/**
 * Seeding completes after a kill (decision 262): a seeding cut short half-way through the staff
 * demo (its process dies after the people are registered, before their recipes and shifts) left
 * a partial demo for good, since every later start saw events and seeded nothing. Now the next
 * start of the embedded default completes it — the people once each, their shifts, the recipes
 * and the table-order demo — and the start after that seeds nothing.
 */
describe('a seeding killed half-way', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('is completed by the next start, and only once', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-seed-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', SECRETS_KEY: 'seed-test-secrets-key-0123456789abcdef' };
    const open = new Set<Runtime>();
    cleanups.push(async () => {
      for (const runtime of open) await runtime.close();
    });
    const start = async () => {
      const runtime = await startRuntime(loadConfig(env), stubMails);
      open.add(runtime);
      return runtime;
    };
    const stop = async (runtime: Runtime) => {
      open.delete(runtime);
      await runtime.close();
    };
    const seed = (runtime: Runtime, services = runtime.services) =>
      seedEmptySystem({ ...runtime, services, config: { ...runtime.config, adminEmail: 'owner@moncafe.test', adminPassword: 'owner-password-123' } });

    // The first process dies at the staff demo's first recipe.
    const first = await start();
    const dying = { ...first.services, staffGuides: { ...first.services.staffGuides, saveRecipe: () => Promise.reject(new Error('killed')) } };
    await expect(seed(first, dying)).rejects.toThrow('killed');
    await caughtUp(first);
    const month = tokyoDateOf(first.clock.now()).slice(0, 7);
    expect(await first.queries.staffGuides.recipes(STORE)).toEqual([]);
    expect(await first.queries.shifts.scheduled(STORE, month)).toEqual([]);
    expect((await first.queries.stock.menu({ ids: ['menu-gateau'] }))[0]).toMatchObject({ manage_stock: 0 });
    await stop(first);

    // The next start completes the demo.
    const second = await start();
    await seed(second);
    await caughtUp(second);
    const accounts = await second.queries.accounts.list();
    for (const email of DEMO_PEOPLE) expect(accounts.filter((a) => a.email === email)).toHaveLength(1);
    const staff = await second.queries.storeStaff.list(STORE, { wages: false });
    const demoIds = accounts.filter((a) => DEMO_PEOPLE.includes(a.email)).map((a) => a.accountId);
    expect(staff.filter((s) => demoIds.includes(s.id))).toHaveLength(3);
    expect((await second.queries.staffGuides.recipes(STORE)).length).toBeGreaterThan(0);
    expect((await second.queries.shifts.scheduled(STORE, month)).length).toBeGreaterThan(0);
    expect((await second.queries.stock.menu({ ids: ['menu-gateau'] }))[0]).toMatchObject({ manage_stock: 1, quantity: 12 });
    const head = await second.eventStore.headPosition();
    await stop(second);

    // And the start after that seeds nothing.
    const third = await start();
    await seed(third);
    expect(await third.eventStore.headPosition()).toBe(head);
  });

  it('killed inside the shift loop, adds each shift and the one correction only once on resume', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-seed-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', SECRETS_KEY: 'seed-test-secrets-key-0123456789abcdef' };
    const seed = (runtime: Runtime, services = runtime.services) =>
      seedEmptySystem({ ...runtime, services, config: { ...runtime.config, adminEmail: 'owner@moncafe.test', adminPassword: 'owner-password-123' } });

    // The first process dies at the schedule's fourth shift: three are added, one corrected.
    const first = await startRuntime(loadConfig(env), stubMails);
    let added = 0;
    const shifts = first.services.shifts;
    const dying = {
      ...first.services,
      shifts: { ...shifts, add: (...args: Parameters<typeof shifts.add>) => (++added > 3 ? Promise.reject(new Error('killed')) : shifts.add(...args)) },
    };
    await expect(seed(first, dying)).rejects.toThrow('killed');
    await first.close();

    const second = await startRuntime(loadConfig(env), stubMails);
    try {
      await seed(second);
      await caughtUp(second);
      const month = tokyoDateOf(second.clock.now()).slice(0, 7);
      const scheduled = await second.queries.shifts.scheduled(STORE, month);
      const days = scheduled.map((s) => `${s.user_id} ${s.shift_date}`);
      expect(scheduled.length).toBeGreaterThan(3);
      expect(new Set(days).size).toBe(days.length);
      expect(await second.queries.shifts.history(STORE, month)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

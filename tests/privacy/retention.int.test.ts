import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { ERASED_TEXT } from '@moncafe/domain/privacy/personal-data';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { DEMO_STORE_ID } from '@moncafe/demo/demo-data';
import { retentionRunner } from '@moncafe/infra/privacy/retention-runner';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { seedEmptySystem } from '@moncafe/infra/seed';
import { dumpReadModels } from '../database/read-model-dump';
import { caughtUp } from '../database/system';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';

/**
 * Decision 185: the retention run with an injected clock forgets exactly the guests past the
 * store's limit (13 months after the last visit by default), once — two runners at the same time
 * and a third after them forget each guest once (decision 185).
 */
const serverUrl = await postgresUrl();
const START = new Date('2027-01-10T01:00:00.000Z');

describe.skipIf(!serverUrl)('the retention run (PostgreSQL)', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let dataDir: string;
  const clock = manualClock(START);

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_retention');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-retention-'));
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: '1',
      DATABASE_URL: database.url,
      SECRETS_KEY: 'retention-test-secrets-key-0123456789abcdef',
      RUN_NOTIFICATIONS: '0',
    };
    runtime = await startRuntime(loadConfig(env), { ...stubMails, clock });
    await seedEmptySystem({ ...runtime, config: { ...runtime.config, adminEmail: 'owner@moncafe.test', adminPassword: 'owner-password-123' } });
    await caughtUp(runtime);
  }, 180_000);
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('forgets only the guests past the limit, each once, with two runners at once', { timeout: 120_000 }, async () => {
    const today = tokyoDateOf(clock.now());
    const book = (name: string, email: string, days: number, seatId: string) =>
      runtime.services.reservationStaff.bookByPhone({
        storeId: DEMO_STORE_ID,
        date: addDays(today, days),
        time: '12:00',
        people: 1,
        seatIds: [seatId],
        customer: { name, email, phone: '090-0000-0000' },
        actor: 'test',
        correlationId: `retention-${email}`,
      });
    const early = await book('Early Guest', 'early.guest@example.jp', 1, 'seat-t1');
    const late = await book('Late Guest', 'late.guest@example.jp', 60, 'seat-t1');
    // The same guest twice: the last visit counts.
    const returning = [
      await book('Returning Guest', 'returning.guest@example.jp', 2, 'seat-t1'),
      await book('Returning Guest', 'returning.guest@example.jp', 45, 'seat-t2'),
    ];
    // A mail kept in the development outbox (no SMTP here) goes with its guest.
    await runtime.mailer.send({ to: 'early.guest@example.jp', subject: 'ご予約', text: 'Early Guest 様' });
    const outbox = async (to: string) =>
      (
        await runtime.db
          .selectFrom('mail_outbox' as never)
          .selectAll()
          .where('to_address' as never, '=', to as never)
          .execute()
      ).length;
    expect(await outbox('early.guest@example.jp')).toBe(1);
    await caughtUp(runtime);

    // The setting: 13 months by default; fewer is refused.
    expect(await runtime.services.retention.months(DEMO_STORE_ID)).toBe(13);
    await expect(runtime.services.retention.set({ storeId: DEMO_STORE_ID, months: 6 }, { correlationId: 'c', actor: 'admin' })).rejects.toMatchObject({
      code: 'retention_out_of_range',
    });

    // 13 months and a few days after the early visit: only the early guest is past the limit.
    clock.advance((Math.floor(13 * 30.44) + 5) * 24 * 60);
    const pool = database.pool(4);
    const other = retentionRunner({
      serverPool: pool,
      services: runtime.services,
      storeIds: async () => [DEMO_STORE_ID],
      ids: runtime.ids,
      logger: runtime.logger,
    });
    const personal = { reservations: ['customer_name', 'email', 'phone', 'detail', 'cancel_reason'] };
    const before = await dumpReadModels(runtime.db, { omitColumns: personal });
    const results = await Promise.all([runtime.retention.runOnce(), other.runOnce()]);
    const third = await runtime.retention.runOnce();
    const forgotten = [...results, third].reduce((sum, r) => sum + (r?.forgotten ?? 0), 0);
    expect(forgotten).toBe(1);
    expect(third).toMatchObject({ forgotten: 0 });
    await caughtUp(runtime);

    const rowOf = async (id: string) => (await runtime.queries.reservations.get(id))!;
    expect((await rowOf(early.reservationId)).customer_name).toBe(ERASED_TEXT);
    expect((await rowOf(late.reservationId)).customer_name).toBe('Late Guest');
    expect(await outbox('early.guest@example.jp')).toBe(0);
    // Seats, visits, sales and counts are not personal: every read model but the history of events is as it was.
    const after = await dumpReadModels(runtime.db, { omitColumns: personal });
    const { event_history: _before, ...keptBefore } = before;
    const { event_history: _after, ...keptAfter } = after;
    expect(keptAfter).toEqual(keptBefore);
    for (const r of returning) expect((await rowOf(r.reservationId)).customer_name).toBe('Returning Guest');
    const audits = (await pool.query("select data from events where type = 'GuestErased'")).rows;
    expect(audits).toHaveLength(1);
    expect(audits[0].data).toMatchObject({ requestedBy: 'retention', reservationIds: [early.reservationId] });

    // The store's limit raised to 14 months: the returning guest is not past it yet; a month later they are (the late guest still is not).
    await runtime.services.retention.set({ storeId: DEMO_STORE_ID, months: 14 }, { correlationId: 'c2', actor: 'admin' });
    clock.advance(50 * 24 * 60);
    expect(await runtime.retention.runOnce()).toMatchObject({ forgotten: 0 });
    clock.advance(31 * 24 * 60);
    expect(await runtime.retention.runOnce()).toMatchObject({ forgotten: 1 });
    await caughtUp(runtime);
    for (const r of returning) expect((await rowOf(r.reservationId)).customer_name).toBe(ERASED_TEXT);
    expect((await rowOf(late.reservationId)).customer_name).toBe('Late Guest');
  });
});

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '@moncafe/domain/calendar/dates';
import { canRunThrowawayPostgres } from '../operations/throwaway-postgres';
import { firstBookable, LUNCH } from '../reservation/booking-steps';
import { httpClient } from '../support/http-client';
import { DEMO_STORE, serverNow, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { until } from '../support/until';
import { leaderOf, startMultiProcessSystem, type MultiProcessSystem } from './support/multi-process';

/**
 * Every loop comes back by itself (decision 552): PostgreSQL restarted, then NATS restarted,
 * under a web process that sends the staff notification mails and the guests' reminders and a
 * worker that projects. Afterwards a booking's staff mail and its guest's reminder are each sent
 * once (mails kept in the outbox table, no SMTP), and the restarts are in the logs and in
 * `moncafe_loop_restarts_total`. Before, the notification reactor's loop ended on the first
 * subscription error and never ran again.
 */
const STAFF = 'staff-after-restarts@example.jp';
const GUEST = 'guest-after-restarts@example.jp';

/** The restarts `/metrics` counts over every loop of a process (the page is kept in memory). */
async function restartsOf(url: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  return [...metrics.matchAll(/^moncafe_loop_restarts_total\{loop="[^"]+"\} (\S+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

describe.skipIf(!canRunThrowawayPostgres)('PostgreSQL and NATS restarted', () => {
  let system: MultiProcessSystem | null = null;
  afterAll(async () => {
    await system?.close();
  });

  it('sends a staff notification mail and a guest reminder once afterwards, the restarts logged and counted', { timeout: 600_000 }, async () => {
    system = await startMultiProcessSystem({ postgres: 15770, nats: 15771 }, 'restarts', { env: { START_TIMEOUT_SECONDS: '60' } });
    await system.startNats();
    const worker = system.startWorker();
    await leaderOf([worker]);
    // This web process sends the notification mails and the reminders (RUN_NOTIFICATIONS=1).
    const web = await system.startWeb({ RUN_NOTIFICATIONS: '1', LOG_LEVEL: 'info' });
    await waitForOrderMenu(web.url);
    const admin = await signedInAdmin(web.url);
    const saved = await admin.send('POST', '/admin/notifications', {
      json: {
        settings: {
          store_id: DEMO_STORE,
          recipients: [{ email: STAFF, new_booking: true, cancellation: false, low_stock: false }],
          low_stock_threshold: 3,
          guest_reminders: true,
          reminder_hour: 0,
        },
      },
    });
    expect(saved.status).toBe(200);

    const ready = async () => (await fetch(`${web.url}/readyz`).catch(() => null))?.status === 200;
    await system.postgres.stop();
    await until(async () => !(await ready()), { what: '/readyz to see PostgreSQL gone', timeoutMs: 15_000 });
    // PostgreSQL stays away until a loop has met it gone (the reactor reads the store at least once a
    // second): back within that second, no loop would have had anything to come back from.
    await until(async () => (await restartsOf(web.url)) > 0, { what: 'a loop to meet PostgreSQL gone', timeoutMs: 30_000, everyMs: 100 });
    await system.postgres.start();
    await until(ready, { what: 'ready again after PostgreSQL', timeoutMs: 60_000, everyMs: 200 });
    await system.nats()!.kill('SIGKILL');
    await system.startNats();
    await until(ready, { what: 'ready again after NATS', timeoutMs: 60_000, everyMs: 200 });

    // A booking, confirmed through its mailed link (the outbox holds the mail).
    const outbox = new pg.Pool({ connectionString: system.postgres.url, max: 1 });
    const mailsTo = async (to: string) =>
      (await outbox.query<{ subject: string; body: string }>('select subject, body from mail_outbox where to_address = $1 order by created_at', [to])).rows;
    try {
      const guest = httpClient(web.url);
      const { date, times } = await firstBookable(guest, 2, [LUNCH]);
      const time = times[Math.floor(times.length / 2)]!;
      expect((await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] })).status).toBe(200);
      const sent = await guest.post('/api/reservation-confirmation/send-confirmation', {
        name: '山田花子',
        email: GUEST,
        phone: '090-1234-5678',
        reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 1 }] },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await until(async () => (await mailsTo(GUEST)).length >= 1, { what: 'the confirmation mail', timeoutMs: 30_000 });
      const link = decodeURIComponent(/confirm-reservation\?token=(\S+)/.exec((await mailsTo(GUEST))[0]!.body)![1]!);
      expect((await guest.getJson(`/api/reservation-confirmation/${encodeURIComponent(link)}?confirm=true`)).status).toBe(200);

      // The staff mail, from the reactor that went through both restarts.
      await until(async () => (await mailsTo(STAFF)).length >= 1, { what: 'the staff notification mail', timeoutMs: 60_000, everyMs: 200 });
      // The reminder goes out on the day before, from the reminder hour (0): the server's clock to that day.
      const dayBefore = Date.parse(`${addDays(date, -1)}T10:00:00+09:00`);
      const now = (await serverNow(web)).getTime();
      if (dayBefore > now) await web.advanceClock(dayBefore - now);
      // The confirmation request and the confirmed mail came first; the reminder is the third.
      await until(async () => (await mailsTo(GUEST)).length >= 2, { what: 'the confirmed mail', timeoutMs: 30_000 });
      await until(async () => (await mailsTo(GUEST)).length >= 3, {
        what: 'the guest reminder (checked once a minute)',
        timeoutMs: 150_000,
        everyMs: 500,
      });
      const reminders = (await mailsTo(GUEST)).slice(2);
      expect(reminders).toHaveLength(1);
      expect(await mailsTo(STAFF)).toHaveLength(1);

      expect(await restartsOf(web.url)).toBeGreaterThan(0);
      expect(web.output() + worker.child.output()).toMatch(/"msg":"loop restarting"/);
    } finally {
      await outbox.end();
    }
  });
});

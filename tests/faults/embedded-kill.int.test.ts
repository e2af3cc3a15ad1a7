import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCoursesReady, LUNCH } from '../reservation/booking-steps';
import { httpClient } from '../support/http-client';
import { signedInAdmin } from '../support/table-order';
import { until } from '../support/until';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';

const SOAK = process.env.SOAK === '1';
/** Bookings acknowledged before the kill. */
const ACKNOWLEDGED = SOAK ? 60 : 8;

/**
 * The embedded default killed (decision 381): `npm start` on PGlite is killed with SIGKILL while
 * it acknowledges bookings, and started again on the same data folder: every booking it
 * answered 200 to is there.
 */
describe('the embedded default killed while it books', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('keeps every acknowledged booking', { timeout: 600_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-embedded-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, SECRETS_KEY: 'embedded-kill-secrets-key-0123456789abcdef' };
    let server: TestWebServer = await startTestWebServer({ production: true, env });
    cleanups.push(() => server.close());
    await demoCoursesReady(server.url);

    const acknowledged: string[] = [];
    let killed = false;
    const booker = async (n: number) => {
      while (!killed) {
        try {
          const guest = httpClient(server.url);
          await guest.page('/reservation/day');
          const dates = (await guest.post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 1, menuIds: [LUNCH] })).body.dates;
          const date = dates[(acknowledged.length + n) % dates.length]!;
          const times = (await guest.post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 1, menuIds: [LUNCH] })).body.times;
          const time = times[(acknowledged.length + n) % times.length];
          if (!time) continue;
          if ((await guest.post('/api/customery-day/allocate-seat', { date, time, people: 1, menuIds: [LUNCH] })).status !== 200) continue;
          const sent = await guest.post<{ reservation_id?: string }>('/api/reservation-confirmation/send-confirmation', {
            name: '山田花子',
            email: `kill-${n}-${acknowledged.length}@example.jp`,
            phone: '090-1234-5678',
            reservationData: { date, time, people: 1, cart: [{ menu_id: LUNCH, quantity: 1 }] },
          });
          if (sent.status === 200 && sent.body.reservation_id) acknowledged.push(sent.body.reservation_id);
        } catch {
          // the server is gone
        }
      }
    };
    const bookers = Array.from({ length: 4 }, (_, n) => booker(n));
    await until(() => acknowledged.length >= ACKNOWLEDGED, { what: `${ACKNOWLEDGED} bookings acknowledged`, timeoutMs: 300_000 });
    expect(await server.signal('SIGKILL')).toBe('SIGKILL');
    killed = true;
    await Promise.all(bookers);

    const restarted = performance.now();
    server = await startTestWebServer({ production: true, env });
    const admin = await signedInAdmin(server.url);
    for (const id of acknowledged) {
      const found = await waitForAnswer(
        () => admin.getJson(`/api/admin/reservations/${id}`),
        (a) => a.status !== 404,
        1200,
      );
      expect(found.status, id).toBe(200);
    }
    console.log(
      `embedded kill report: ${JSON.stringify({ acknowledged: acknowledged.length, found: acknowledged.length, restartMs: Math.round(performance.now() - restarted) })}`,
    );
  });
});

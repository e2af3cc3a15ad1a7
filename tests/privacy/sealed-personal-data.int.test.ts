import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { postgresUrl } from '../support/services';
import { waitForAnswer, type TestWebServer } from '../support/web-server';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { bookDistinctively, countInEvents, GUEST, startPrivacyServer } from './privacy-steps';

/**
 * Decision 180: on PostgreSQL, after a guest books with a distinctive name, e-mail, phone,
 * message-plate text and picture, no event's data holds any of them in the clear — while the
 * mails, the confirmation page's call and the read models still show them (decision 180).
 */
const serverUrl = await postgresUrl();

describe.skipIf(!serverUrl)('personal data sealed in the events table (PostgreSQL)', () => {
  let started: Awaited<ReturnType<typeof startPrivacyServer>>;
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    started = await startPrivacyServer(serverUrl!, 'privacy');
    ({ server, smtp, pool } = started);
  }, 180_000);
  afterAll(async () => started?.close());

  it('keeps name, e-mail, phone, plate text and picture id out of every event, and every screen still shows them', { timeout: 120_000 }, async () => {
    const booked = await bookDistinctively(server, smtp);
    expect(await countInEvents(pool, booked.reservationId)).toBeGreaterThan(0); // the search does find what is in the clear
    for (const value of [GUEST.name, GUEST.email, GUEST.phone, GUEST.plate, booked.imageId, 'Quixotlan', '7315-2468'])
      expect({ value, count: await countInEvents(pool, value) }).toEqual({ value, count: 0 });

    // The first admin's account: e-mail and password hash sealed too.
    expect(await countInEvents(pool, 'owner@moncafe.test')).toBe(0);
    expect(await countInEvents(pool, '$argon2id$')).toBe(0);

    // The mails and the guest's confirmation page still show the values.
    expect(booked.detailsMail.text).toContain(GUEST.name);
    const view = await booked.client.getJson(`/api/reservation-confirmation/${encodeURIComponent(booked.token)}`);
    expect(view.body.confirmation).toMatchObject({ name: GUEST.name });
    expect(JSON.stringify(view.body)).toContain(GUEST.plate);

    // The read model holds them plain (rebuilt from events at any time), for the staff screens.
    const row = await waitForAnswer(
      async () => (await pool.query('select customer_name, email, phone, detail from reservations where id = $1', [booked.reservationId])).rows[0],
      (r) => r !== undefined,
    );
    expect(row).toMatchObject({ customer_name: GUEST.name, email: GUEST.email, phone: GUEST.phone });
    expect(JSON.stringify(row.detail)).toContain(GUEST.plate);

    // The reason a guest types when cancelling is theirs too: sealed, and shown to staff.
    const cancelled = await booked.client.post('/api/customer-cancel/execute', {
      reservation_id: booked.reservationId,
      email: GUEST.email,
      reason: 'Wobblecraft schedule clash',
    });
    expect(cancelled.status).toBe(200);
    expect(await countInEvents(pool, 'Wobblecraft')).toBe(0);
    await waitForAnswer(
      async () => (await pool.query('select cancel_reason from reservations where id = $1', [booked.reservationId])).rows[0],
      (r) => r?.cancel_reason === 'Wobblecraft schedule clash',
    );

    // Signing in still works: the sealed password hash is opened for the account's decider.
    const admin = new HttpClient(server.url);
    const signIn = await admin.post('/api/auth/login', { email: 'owner@moncafe.test', password: 'owner-password-for-tests-1' });
    expect(signIn.status).toBe(200);
  });
});

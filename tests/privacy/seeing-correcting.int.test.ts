import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, verificationTokenIn, verifyEmail } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { postgresUrl } from '../support/services';
import { signedInAdmin } from '../support/table-order';
import { waitForAnswer, type TestWebServer } from '../support/web-server';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { bookDistinctively, countInEvents, startPrivacyServer } from './privacy-steps';

/**
 * Seeing and correcting (decision 186): a guest signed in with a verified e-mail takes
 * out what the cafe holds on them and corrects their name and phone; the admin does both for a
 * guest at the counter. Each is an event with actor and time; a correction is sealed like the booking.
 */
const serverUrl = await postgresUrl();
const GUEST = { name: 'Brannoch Elsweyr', email: 'brannoch.elsweyr@example.jp', phone: '090-6172-8394', plate: 'Quillifer Cake' };

describe.skipIf(!serverUrl)("seeing and correcting a guest's data (PostgreSQL)", () => {
  let started: Awaited<ReturnType<typeof startPrivacyServer>>;
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    started = await startPrivacyServer(serverUrl!, 'mydata');
    ({ server, smtp, pool } = started);
  }, 180_000);
  afterAll(async () => started?.close());

  const downloads = async (requestedBy: string) =>
    (await pool.query<{ n: number }>("select count(*)::int as n from events where type = 'GuestDataDownloaded' and data->>'requestedBy' = $1", [requestedBy]))
      .rows[0]!.n;

  it('the guest downloads their data and corrects name and phone, only once the e-mail is verified', { timeout: 120_000 }, async () => {
    const booked = await bookDistinctively(server, smtp, GUEST);
    const client = new HttpClient(server.url);
    await signUp(client, { name: 'Brannoch', email: GUEST.email, password: 'brannoch-password-12345' });
    expect((await client.getJson('/api/my-data')).status).toBe(409);
    expect(await (await client.send('GET', '/my-data')).text()).toContain('メールアドレスの確認が済むと');
    expect((await client.post('/api/my-data', { name: 'Other Name', phone: '090-1111-2222' })).status).toBe(409);
    expect(await downloads('guest')).toBe(0);
    await verifyEmail(client, verificationTokenIn((await smtp.next(GUEST.email)).text));

    const mine = await client.getJson('/api/my-data');
    expect(mine.status).toBe(200);
    const reservations = mine.body.reservations as { id: string; name: string; phone: string; options: Record<string, unknown> }[];
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({ id: booked.reservationId, name: GUEST.name, phone: GUEST.phone });
    expect(JSON.stringify(reservations[0]!.options)).toContain(GUEST.plate);
    expect(await downloads('guest')).toBe(1);
    // The same, readable: the page shows the booking and is recorded too.
    const page = await client.send('GET', '/my-data');
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const value of [GUEST.name, GUEST.phone, GUEST.plate]) expect(html).toContain(value);
    expect(await downloads('guest')).toBe(2);

    expect((await client.post('/api/my-data', { name: 'Brannoch Corrected', phone: 'not a phone' })).status).toBe(400);
    const corrected = await client.post('/api/my-data', { name: 'Brannoch Corrected', phone: '090-4444-5555' });
    expect(corrected.body).toEqual({ success: true, corrected: 1 });
    const row = await waitForAnswer(
      async () => (await pool.query('select customer_name, phone, email from reservations where id = $1', [booked.reservationId])).rows[0],
      (r) => r?.customer_name === 'Brannoch Corrected',
    );
    expect(row).toEqual({ customer_name: 'Brannoch Corrected', phone: '090-4444-5555', email: GUEST.email });
    // Sealed like the booking, and recorded with the guest as its actor.
    expect(await countInEvents(pool, 'Brannoch Corrected')).toBe(0);
    expect(await countInEvents(pool, '090-4444-5555')).toBe(0);
    const [correction] = (await pool.query("select metadata from events where type = 'GuestDetailsCorrected'")).rows;
    expect(correction.metadata.actor).toBe((mine.body.account as { id: string }).id);
  });

  it('the admin does both for a guest at the counter; a customer may not', { timeout: 60_000 }, async () => {
    const customer = new HttpClient(server.url);
    await signUp(customer, { name: 'Nosy', email: 'nosy.customer@example.jp', password: 'nosy-customer-password-1' });
    expect((await customer.getJson(`/api/admin/guests/data?email=${encodeURIComponent(GUEST.email)}`)).status).toBe(403);
    expect((await customer.post('/api/admin/guests/data', { email: GUEST.email, name: 'x', phone: '090-1111-2222' })).status).toBe(403);

    const admin = await signedInAdmin(server.url);
    const seen = await admin.getJson(`/api/admin/guests/data?email=${encodeURIComponent(GUEST.email)}`);
    expect(seen.status).toBe(200);
    expect(seen.body.reservations).toMatchObject([{ name: 'Brannoch Corrected' }]);
    expect(await downloads('admin')).toBe(1);
    const fixed = await admin.post('/api/admin/guests/data', { email: GUEST.email, name: 'Brannoch Elsweyr', phone: '090-6172-8394' });
    expect(fixed.body).toEqual({ success: true, corrected: 1 });
    await waitForAnswer(
      async () => (await pool.query('select customer_name from reservations where email = $1', [GUEST.email])).rows[0],
      (r) => r?.customer_name === 'Brannoch Elsweyr',
    );
  });
});

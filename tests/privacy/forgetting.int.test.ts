import type pg from 'pg';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@moncafe/projections/database';
import { ERASED_TEXT } from '@moncafe/domain/privacy/personal-data';
import { dumpReadModels } from '../database/read-model-dump';
import { signUp, verificationTokenIn, verifyEmail } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { postgresUrl, type TestDatabase } from '../support/services';
import { signedInAdmin } from '../support/table-order';
import { waitForAnswer, type TestWebServer } from '../support/web-server';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { bookDistinctively, countInEvents, startPrivacyServer } from './privacy-steps';

/**
 * Decision 182: a guest forgotten by the admin (POST /api/admin/guests/erase) — the open
 * reservation cancelled first, the key destroyed, the picture deleted, one audit event without
 * personal data. Afterwards no table holds the values, the read models and the history browser
 * show 削除済み, and a full rebuild changes nothing (decision 182).
 */
const serverUrl = await postgresUrl();

const FORGOTTEN = { name: 'Velmorrin Ashgrove', email: 'velmorrin.ashgrove@example.jp', phone: '080-4826-1357', plate: 'Gralthwick Party' };

async function eventCount(pool: pg.Pool): Promise<number> {
  return (await pool.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;
}

describe.skipIf(!serverUrl)('forgetting a guest (PostgreSQL)', () => {
  let started: Awaited<ReturnType<typeof startPrivacyServer>>;
  let database: TestDatabase;
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let pool: pg.Pool;
  let db: Kysely<Database>;

  beforeAll(async () => {
    started = await startPrivacyServer(serverUrl!, 'forget');
    ({ database, server, smtp, pool } = started);
    db = (await database.open()).db as unknown as Kysely<Database>;
  }, 180_000);
  afterAll(async () => started?.close());

  it('refuses anyone but an admin and appends nothing', { timeout: 60_000 }, async () => {
    const customer = new HttpClient(server.url);
    await signUp(customer, { name: 'Curious Guest', email: 'curious.guest@example.jp', password: 'curious-guest-password-1' });
    const before = await eventCount(pool);
    const refused = await customer.post('/api/admin/guests/erase', { email: FORGOTTEN.email, reason: 'test' });
    expect(refused.status).toBe(403);
    const admin = await signedInAdmin(server.url);
    expect((await admin.post('/api/admin/guests/erase', { email: 'not-an-address', reason: '' })).status).toBe(400);
    expect(await eventCount(pool)).toBe(before);
  });

  it(
    'cancels, destroys the key, deletes the picture, and every read model and screen shows 削除済み, also after a full rebuild',
    { timeout: 180_000 },
    async () => {
      const booked = await bookDistinctively(server, smtp, FORGOTTEN);
      const row = () =>
        pool.query('select customer_name, email, phone, detail, status from reservations where id = $1', [booked.reservationId]).then((r) => r.rows[0]);
      await waitForAnswer(row, (r) => r?.customer_name === FORGOTTEN.name);
      expect((await pool.query('select count(*)::int as n from blobs where id = $1', [booked.imageId])).rows[0].n).toBe(1);

      const admin = await signedInAdmin(server.url);
      const erased = await admin.post('/api/admin/guests/erase', { email: FORGOTTEN.email.toUpperCase(), reason: 'asked at the counter' });
      expect(erased.status).toBe(200);
      expect(erased.body).toEqual({ success: true, reservations: 1, cancelled: 1, pictures: 1 });

      // The read model: contact erased, options gone, the reservation cancelled (seats freed).
      expect(await row()).toEqual({ customer_name: ERASED_TEXT, email: ERASED_TEXT, phone: ERASED_TEXT, detail: {}, status: 'cancelled' });
      // The picture is gone from the blob store, and no table the system keeps holds a value.
      expect((await pool.query('select count(*)::int as n from blobs where id = $1', [booked.imageId])).rows[0].n).toBe(0);
      const dump = JSON.stringify(await dumpReadModels(db));
      for (const value of [FORGOTTEN.name, FORGOTTEN.email, FORGOTTEN.phone, FORGOTTEN.plate, booked.imageId]) {
        expect({ value, events: await countInEvents(pool, value), readModels: dump.includes(value) }).toEqual({ value, events: 0, readModels: false });
      }
      // The audit event: who and why, the reservation's id, no personal data.
      const audit = (await pool.query("select data, metadata from events where type = 'GuestErased'")).rows;
      expect(audit).toHaveLength(1);
      expect(audit[0].data).toMatchObject({
        requestedBy: 'admin',
        reason: 'asked at the counter',
        reservationIds: [booked.reservationId],
        cancelled: 1,
        pictures: 1,
      });
      expect(JSON.stringify(audit[0].data)).not.toMatch(/velmorrin|4826/i);

      // The history browser shows the reservation's events with the fields erased.
      const history = await admin.send('GET', `/admin/history?stream=${encodeURIComponent(`reservation-${booked.reservationId}`)}`);
      const page = await history.text();
      expect(history.status).toBe(200);
      expect(page).toContain(ERASED_TEXT);
      expect(page).not.toContain(FORGOTTEN.name);

      // A full rebuild from the events changes nothing.
      const before = await dumpReadModels(db);
      const started = await admin.post('/api/admin/database', { rebuild: [] });
      expect(started.status).toBe(200);
      await waitForAnswer(
        () => admin.getJson('/api/admin/database'),
        (a) => (a.body.operation as { status?: string } | null)?.status === 'done',
        600,
      );
      expect(await dumpReadModels(db)).toEqual(before);

      // The export holds nothing readable of them either, and the export is an audit line (who, size).
      const exported = await admin.send('GET', '/api/admin/database/export');
      const file = await exported.text();
      expect(exported.status).toBe(200);
      for (const value of [FORGOTTEN.name, FORGOTTEN.email, FORGOTTEN.phone, FORGOTTEN.plate, '$argon2id$']) expect(file.includes(value)).toBe(false);
      const auditLine = await waitForAnswer(
        async () =>
          server
            .output()
            .split('\n')
            .find((l) => l.includes('"audit":"event_log_exported"')),
        (l) => l !== undefined,
      );
      expect(JSON.parse(auditLine!)).toMatchObject({ audit: 'event_log_exported', bytes: Buffer.byteLength(file) });

      // Asking again finds nothing left to erase.
      const again = await admin.post('/api/admin/guests/erase', { email: FORGOTTEN.email, reason: 'asked twice' });
      expect(again.body).toEqual({ success: true, reservations: 0, cancelled: 0, pictures: 0 });
    },
  );

  it('a signed-in guest forgets themselves from /my-reservations only with a verified e-mail and the consent ticked', { timeout: 120_000 }, async () => {
    const guest = { name: 'Orsolwyn Tavish', email: 'orsolwyn.tavish@example.jp', phone: '070-5937-2468', plate: 'Pemberquill Day' };
    const booked = await bookDistinctively(server, smtp, guest);
    const row = () => pool.query('select customer_name, email, phone from reservations where id = $1', [booked.reservationId]).then((r) => r.rows[0]);
    await waitForAnswer(row, (r) => r?.customer_name === guest.name);
    const client = new HttpClient(server.url);
    const account = await signUp(client, { name: 'Orsolwyn', email: guest.email, password: 'orsolwyn-password-12345' });

    const before = await eventCount(pool);
    const forget = (form: Record<string, string>) => client.send('POST', '/my-reservations?_data', { form });
    // Not verified yet: refused; then verified but without the consent: refused. Nothing appended.
    await forget({ intent: 'forget', confirm: 'on' });
    expect(await eventCount(pool)).toBe(before);
    await verifyEmail(client, verificationTokenIn((await smtp.next(guest.email)).text));
    const afterVerify = await eventCount(pool);
    expect(afterVerify).toBeGreaterThan(before); // EmailVerified
    await forget({ intent: 'forget' });
    expect(await eventCount(pool)).toBe(afterVerify);
    expect((await row()).customer_name).toBe(guest.name);

    await forget({ intent: 'forget', confirm: 'on' });
    expect(await row()).toEqual({ customer_name: ERASED_TEXT, email: ERASED_TEXT, phone: ERASED_TEXT });
    const audit = (await pool.query("select data, metadata from events where type = 'GuestErased' and data->>'requestedBy' = 'guest'")).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0].data.reservationIds).toEqual([booked.reservationId]);
    for (const value of [guest.name, guest.phone, guest.plate]) expect(await countInEvents(pool, value)).toBe(0);
    // Their customer account is forgotten with them: erased in the read model, signed out, no sign-in left.
    expect((await pool.query('select name, email, has_password from accounts where account_id = $1', [account.id])).rows[0]).toEqual({
      name: ERASED_TEXT,
      email: ERASED_TEXT,
      has_password: false,
    });
    expect(audit[0].data.accountId).toBe(account.id);
    expect((await client.getJson('/api/my-data')).status).toBe(401);
    const again = await new HttpClient(server.url).postJson('/api/auth/login', { email: guest.email, password: 'orsolwyn-password-12345' });
    expect(again.status).toBe(401);
    expect(await countInEvents(pool, 'Orsolwyn')).toBe(0);
  });

  it("the admin screen shows the counts and saves the store's retention, refusing fewer than 13 months", { timeout: 60_000 }, async () => {
    const admin = await signedInAdmin(server.url);
    const page = await admin.send('GET', '/admin/privacy?store_id=2');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('保存期間による自動削除：0人');
    expect(html).toContain('削除依頼：管理者 1人・お客様ご自身 1人');
    const before = await eventCount(pool);
    const refused = await admin.send('POST', '/admin/privacy?store_id=2', { form: { intent: 'retention', store_id: '2', months: '6' } });
    expect(await refused.text()).toContain('保存期間は13〜120か月で入力してください');
    expect(await eventCount(pool)).toBe(before);
    await admin.send('POST', '/admin/privacy?store_id=2', { form: { intent: 'retention', store_id: '2', months: '24' } });
    expect((await pool.query("select data from events where type = 'RetentionSet'")).rows).toMatchObject([{ data: { storeId: '2', months: 24 } }]);
    expect(await (await admin.send('GET', '/admin/privacy?store_id=2')).text()).toMatch(/name="months"[^>]*value="24"|value="24"[^>]*name="months"/);
  });
});

import pg from 'pg';
import { pngOf } from '@moncafe/domain/testing/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { BIRTHDAY, demoCoursesReady, firstBookable } from './booking-steps';
import { startSmtpSink } from './smtp-sink';

/**
 * Pictures for image options live in the blob store, not in events (decision 032): after a
 * booking with a picture no stored event is larger than 16 KiB, the picture is served back to the
 * confirm page (the link's token) and to staff, and nobody else gets it. The server runs on a
 * database of the real PostgreSQL, so the test can read the stored events themselves.
 */
const serverUrl = await postgresUrl();
/** A picture as large as a detailed 400×400 photo (the store checks its magic bytes and declared sides). */
const picture = pngOf(400, 400, { bytes: 300 * 1024 });

describe.skipIf(!serverUrl)('reservation pictures', () => {
  let database: TestDatabase;
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_pictures');
    smtp = await startSmtpSink();
    server = await startTestWebServer({ env: { SMTP_URL: smtp.url, DATABASE_URL: database.url } });
    await demoCoursesReady(server.url);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.drop();
  });

  const upload = (client: HttpClient, bytes: Uint8Array, type = 'image/png') =>
    client.send('POST', '/api/reservation-images', { bytes, headers: { 'content-type': type } });

  /** The birthday course's options with a printed picture (the value of its image option). */
  const withPicture = (imageValue: string) => ({
    [`${BIRTHDAY}_4`]: 'box',
    [`${BIRTHDAY}_5`]: 'white',
    [`${BIRTHDAY}_11`]: 'no',
    [`${BIRTHDAY}_9`]: 'tea',
    [`${BIRTHDAY}_12`]: ['print'],
    [`${BIRTHDAY}_10`]: imageValue,
  });

  /** Holds the last time of a bookable day and sends the booking; answers the send-confirmation answer. */
  async function send(guest: HttpClient, email: string, imageValue: string) {
    const { date, times } = await firstBookable(guest, 2, [BIRTHDAY]);
    const time = times.at(-1)!;
    expect((await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [BIRTHDAY] })).status).toBe(200);
    return guest.post('/api/reservation-confirmation/send-confirmation', {
      name: '写真花子',
      email,
      phone: '090-1234-5678',
      reservationData: { date, time, people: 2, cart: [{ menu_id: BIRTHDAY, quantity: 1 }], detail: withPicture(imageValue) },
    });
  }

  async function book(guest: HttpClient, email: string, imageValue: string) {
    expect((await send(guest, email, imageValue)).status).toBe(200);
    const text = (await smtp.next(email)).text;
    expect(text).toContain('印刷用画像：画像あり');
    return decodeURIComponent(/confirm-reservation\?token=(\S+)/.exec(text)![1]!);
  }

  it('keeps the picture out of every event, serves it to the link and to staff, and to nobody else', async () => {
    const guest = httpClient(server.url);
    const uploaded = await upload(guest, picture);
    expect(uploaded.status).toBe(200);
    const { image_id: imageId } = (await uploaded.json()) as { image_id: string };
    expect(imageId).toMatch(/^[0-9a-f]{64}$/);

    const token = await book(guest, 'photo@example.jp', imageId);
    const confirmed = await guest.getJson<{ confirmation: { images: { label: string; url: string }[] } }>(
      `/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`,
    );
    expect(confirmed.status).toBe(200);
    const [shown] = confirmed.body.confirmation.images;
    expect(shown).toEqual({ label: '印刷用画像', url: `/api/reservation-images/${imageId}?token=${encodeURIComponent(token)}` });

    // No stored event carries the picture.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ largest: number; events: number }>(
        'select max(octet_length(data::text) + octet_length(metadata::text))::int as largest, count(*)::int as events from events',
      );
      expect(rows[0]!.events).toBeGreaterThan(50);
      expect(rows[0]!.largest).toBeLessThanOrEqual(16 * 1024);
    } finally {
      await client.end();
    }

    // The confirm page (any browser holding the mailed link) gets the picture, kept privately for good.
    const byLink = await httpClient(server.url).get(shown!.url);
    expect(byLink.status).toBe(200);
    expect(byLink.headers.get('content-type')).toBe('image/png');
    expect(byLink.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(new Uint8Array(await byLink.arrayBuffer())).toEqual(picture);
    // The browser that uploaded it, before and after booking.
    expect((await guest.get(`/api/reservation-images/${imageId}`)).status).toBe(200);

    // Staff.
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await admin.get(`/api/reservation-images/${imageId}`)).status).toBe(200);

    // Anyone else: as if there were no such picture.
    const anonymous = await httpClient(server.url).get(`/api/reservation-images/${imageId}`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.json()).toMatchObject({ success: false });
    const otherGuest = httpClient(server.url);
    const otherToken = await book(
      otherGuest,
      'other@example.jp',
      (await ((await upload(otherGuest, pngOf(400, 400, { seed: 3 }))).json() as Promise<{ image_id: string }>)).image_id,
    );
    expect((await otherGuest.get(`/api/reservation-images/${imageId}`)).status).toBe(404);
    expect((await httpClient(server.url).get(`/api/reservation-images/${imageId}?token=${encodeURIComponent(otherToken)}`)).status).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, and a picture over the size cap', async () => {
    const guest = httpClient(server.url);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(guest, svg, 'image/png');
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ success: false, error: '画像は PNG・JPEG・WebP のいずれかを選んでください。' });
    expect((await upload(guest, pngOf(400, 400, { bytes: 2 * 1024 * 1024 + 1 }))).status).toBe(413);
  });

  it('an image option naming a picture this browser did not upload counts as missing', async () => {
    const owner = httpClient(server.url);
    const { image_id: imageId } = (await (await upload(owner, pngOf(400, 400, { seed: 9 }))).json()) as { image_id: string };
    const sent = await send(httpClient(server.url), 'thief@example.jp', imageId);
    expect(sent).toMatchObject({ status: 400, body: { success: false, error: '印刷用画像は必須です', field: 'reservationData.detail' } });
  });
});

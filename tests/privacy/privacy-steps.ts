import type pg from 'pg';
import { expect } from 'vitest';
import { pngOf } from '@moncafe/domain/testing/images';
import { HttpClient } from '../support/http-client';
import { createTestDatabase } from '../support/services';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { BIRTHDAY, birthdayDetail, demoCoursesReady, firstBookable } from '../reservation/booking-steps';
import { startSmtpSink } from '../reservation/smtp-sink';

/** A web server on its own PostgreSQL database (demo data projected), its mails caught by an SMTP sink, and a pool to search the tables. */
export async function startPrivacyServer(serverUrl: string, name: string) {
  const database = await createTestDatabase(serverUrl, `moncafe_${name}`);
  const smtp = await startSmtpSink();
  const server = await startTestWebServer({
    env: { SMTP_URL: smtp.url, DATABASE_URL: database.url, SECRETS_KEY: `${name}-test-secrets-key-0123456789abcdef` },
  });
  await demoCoursesReady(server.url);
  return {
    database,
    smtp,
    server,
    pool: database.pool(2),
    async close() {
      await server.close();
      await smtp.close();
      await database.drop();
    },
  };
}

/** Steps the privacy suites share (decisions 180–186): a booking with values no demo data has, and the search for them. */
export const GUEST = {
  name: 'Quixotlan Brevarde',
  email: 'quixotlan.brevarde@example.jp',
  phone: '090-7315-2468',
  plate: 'Zanthorpe Happy Day',
};

/** Books and confirms a birthday course with the guest's values and a picture: the reservation id and the picture's id. */
export async function bookDistinctively(server: TestWebServer, smtp: Awaited<ReturnType<typeof startSmtpSink>>, guest = GUEST) {
  const client = new HttpClient(server.url);
  const { date, time } = await firstBookable(client, 2, [BIRTHDAY]);
  expect((await client.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [BIRTHDAY] })).status).toBe(200);
  const uploaded = await client.send('POST', '/api/reservation-images', { bytes: pngOf(400, 400), headers: { 'content-type': 'image/png' } });
  const { image_id: imageId } = (await uploaded.json()) as { image_id: string };
  const detail = birthdayDetail(guest.plate, imageId);
  const reservationData = { date, time, people: 2, cart: [{ menu_id: BIRTHDAY, quantity: 1 }], detail };
  const sent = await client.post('/api/reservation-confirmation/send-confirmation', {
    name: guest.name,
    email: guest.email,
    phone: guest.phone,
    reservationData,
  });
  expect(sent.status).toBe(200);
  const request = await smtp.next(guest.email);
  const token = decodeURIComponent(/confirm-reservation\?token=([^\s&]+)/.exec(request.text)![1]!);
  const confirmed = await client.getJson(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`);
  expect(confirmed.status).toBe(200);
  const details = await smtp.next(guest.email);
  const reservationId = /reservation_id=([0-9a-f-]+)/.exec(details.text)![1]!;
  return { reservationId, imageId, token, requestMail: request, detailsMail: details, client, date };
}

export async function countInEvents(pool: pg.Pool, value: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from events where data::text ilike $1`, [`%${value}%`]);
  return rows[0]!.n;
}

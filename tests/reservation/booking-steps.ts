import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { httpClient, type HttpClient } from '../support/http-client';
import { minutesOf } from '@moncafe/domain/calendar/dates';
import { startTestWebServer, waitForAnswer } from '../support/web-server';
import { startSmtpSink } from './smtp-sink';

/** The demo data's courses, as the reservation suites book them. */
export const BIRTHDAY = 'course-birthday';
export const LUNCH = 'course-lunch';

/**
 * The demo data is projected after the server starts (a busy machine can take far longer than
 * 5 s): waits until the course list and the birthday course's options are there.
 */
export async function demoCoursesReady(serverUrl: string): Promise<void> {
  await waitForAnswer(
    () => httpClient(serverUrl).getJson('/api/customer/menu'),
    (a) => Array.isArray(a.body.menus) && (a.body.menus as unknown[]).length >= 3,
    1200,
  );
  await waitForAnswer(
    () => httpClient(serverUrl).post('/api/customer-detail', { menuId: BIRTHDAY }),
    (a) => Array.isArray(a.body.options) && (a.body.options as unknown[]).length >= 9,
    1200,
  );
}

/** The birthday course's options filled in: a message plate and an uploaded picture (its id). */
export function birthdayDetail(plate: string, imageId: string): Record<string, string | string[]> {
  return {
    [`${BIRTHDAY}_4`]: 'clear',
    [`${BIRTHDAY}_5`]: 'pink',
    [`${BIRTHDAY}_11`]: 'yes',
    [`${BIRTHDAY}_7`]: 'white',
    [`${BIRTHDAY}_8`]: plate,
    [`${BIRTHDAY}_9`]: 'tea',
    [`${BIRTHDAY}_12`]: ['print'],
    [`${BIRTHDAY}_10`]: imageId,
  };
}

/** A date after the first bookable one (so a test never depends on today's clock) and a time on it, for the party and courses. */
export async function firstBookable(client: HttpClient, people: number, menuIds: string[]) {
  const dates = await client.post('/api/customery-day/available-dates', { people, menuIds });
  expect(dates.status).toBe(200);
  const list = dates.body.dates as string[];
  expect(list.length).toBeGreaterThan(0);
  const date = list.find((d) => d > list[0]!) ?? list[0]!;
  const times = await client.post('/api/customery-day/available-times', { date, people, menuIds });
  expect((times.body.times as string[]).length).toBeGreaterThan(0);
  return { date, time: (times.body.times as string[])[0]!, times: times.body.times as string[] };
}

/** A started server (demo data projected) whose mails go to an SMTP sink started with it; `start` starts the server. */
export async function startServerWithMail(start: typeof startTestWebServer = startTestWebServer) {
  const smtp = await startSmtpSink();
  const server = await start({ env: { SMTP_URL: smtp.url } });
  await demoCoursesReady(server.url);
  return {
    server,
    smtp,
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}

/** The browser-suite preamble (`browserSuite`) over a server that mails to an SMTP sink (`startServerWithMail`). */
export function browserSuiteWithMail(
  started: (suite: Awaited<ReturnType<typeof startServerWithMail>> & { browser: Browser }) => void,
  start: typeof startTestWebServer = startTestWebServer,
) {
  return browserSuite(
    () => startServerWithMail(start),
    ({ server, browser }) => started({ ...server, browser }),
  );
}

/**
 * A booking for two on the public site on a later day, at a time well inside the day's hours (so
 * the store is open a little before it too), confirmed through the mailed link, its confirmed mail
 * read. Answers where it is.
 */
export async function confirmedBooking(serverUrl: string, smtp: { next(to: string): Promise<{ text: string }> }, email: string) {
  const party = await bookConfirmedParty(httpClient(serverUrl), smtp, email, (times) => times[Math.floor(times.length / 2)]!);
  await smtp.next(email); // the confirmed mail
  return party;
}

/**
 * A party of two books the lunch course on the site and opens the mailed link: answers the
 * reservation, its short number (from the mail) and its seat. The start is at least 10 minutes
 * after the day's first bookable time, so the store is open 10 minutes before it.
 */
export async function bookConfirmedParty(
  client: HttpClient,
  smtp: { next(to: string): Promise<{ text: string }> },
  email: string,
  pick: (times: string[]) => string = (times) => times.find((t) => minutesOf(t) >= minutesOf(times[0]!) + 10)!,
) {
  const { date, times } = await firstBookable(client, 2, [LUNCH]);
  const time = pick(times);
  const held = await client.post<{ seat_ids: string[] }>('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] });
  const seatId = held.body.seat_ids[0]!;
  expect(seatId).toBeTruthy();
  const sent = await client.post<{ reservation_id: string }>('/api/reservation-confirmation/send-confirmation', {
    name: '山田花子',
    email,
    phone: '090-1234-5678',
    reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 1 }] },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mail = await smtp.next(email);
  const number = /予約番号：(MC-\d{4}-[0-9A-Z]{2})/.exec(mail.text)![1]!;
  const link = decodeURIComponent(/confirm-reservation\?token=(\S+)/.exec(mail.text)![1]!);
  expect((await client.getJson(`/api/reservation-confirmation/${encodeURIComponent(link)}?confirm=true`)).status).toBe(200);
  return { reservationId: sent.body.reservation_id, number, seatId, date, time };
}

/** The message plate's text the course suites book. */
export const PLATE_TEXT = 'はなこ おめでとう';

/**
 * A party of two books the birthday course for two (quantity 2) with a message plate and no
 * picture on the site, and opens the mailed link: answers the reservation, its seat and its time.
 */
export async function bookBirthdayForTwo(client: HttpClient, smtp: { next(to: string): Promise<{ text: string }> }, email: string) {
  const { date, times } = await firstBookable(client, 2, [BIRTHDAY]);
  const time = times[Math.floor(times.length / 2)]!;
  const held = await client.post<{ seat_ids: string[] }>('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [BIRTHDAY] });
  const seatId = held.body.seat_ids[0]!;
  const detail = {
    [`${BIRTHDAY}_4`]: 'box',
    [`${BIRTHDAY}_5`]: 'white',
    [`${BIRTHDAY}_11`]: 'yes',
    [`${BIRTHDAY}_7`]: 'white',
    [`${BIRTHDAY}_8`]: PLATE_TEXT,
    [`${BIRTHDAY}_9`]: 'tea',
  };
  const sent = await client.post<{ reservation_id: string }>('/api/reservation-confirmation/send-confirmation', {
    name: '山田花子',
    email,
    phone: '090-1234-5678',
    reservationData: { date, time, people: 2, cart: [{ menu_id: BIRTHDAY, quantity: 2 }], detail },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mail = await smtp.next(email);
  const link = decodeURIComponent(/confirm-reservation\?token=(\S+)/.exec(mail.text)![1]!);
  expect((await client.getJson(`/api/reservation-confirmation/${encodeURIComponent(link)}?confirm=true`)).status).toBe(200);
  return { reservationId: sent.body.reservation_id, seatId, date, time };
}

/** Waits for the day screen's calendar, then moves forward to the month holding `date`. */
export async function showMonthOf(page: Page, date: string) {
  await page.locator('article[data-ready="true"]').waitFor();
  for (let i = 0; i < 3 && (await page.locator(`td[data-date="${date}"]`).count()) === 0; i++) await page.getByRole('button', { name: '次の月' }).click();
}

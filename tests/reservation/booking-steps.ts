import { expect } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
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

/** A started server (demo data projected) whose mails go to an SMTP sink started with it. */
export async function startServerWithMail() {
  const smtp = await startSmtpSink();
  const server = await startTestWebServer({ env: { SMTP_URL: smtp.url } });
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

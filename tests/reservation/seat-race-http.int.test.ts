import { afterAll, describe, expect, it } from 'vitest';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { createTestDatabase, postgresUrl } from '../support/services';

/**
 * The race over HTTP: 50 browsers (50 session cookies, 50 addresses) send allocate-seat for the same date and
 * time at once to the real server. The demo store has 7 seats, so exactly 7 sessions get a seat
 * (one each, never the same) and the other 43 hear "full" (empty seat_ids).
 */
const LUNCH = 'course-lunch';

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { seat_ids?: string[]; dates?: string[]; times?: string[] } }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { seat_ids?: string[] } };
}

async function race(server: TestWebServer) {
  // The birthday course's options come after the seats in the demo data: once they are
  // projected, every seat is.
  await waitForAnswer(
    async () =>
      (
        await fetch(`${server.url}/api/customer-detail`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ menuId: 'course-birthday' }),
        })
      ).json() as Promise<{ options?: unknown[] }>,
    (a) => (a.options?.length ?? 0) >= 9,
    1200,
  );
  const dates = await waitForAnswer(
    () => post(`${server.url}/api/customery-day/available-dates`, { people: 1, menuIds: [LUNCH] }),
    (a) => (a.body.dates?.length ?? 0) > 1,
    // The demo data is projected after start; a busy machine can take far longer than 5 s.
    1200,
  );
  const date = dates.body.dates![1]!;
  const time = (await post(`${server.url}/api/customery-day/available-times`, { date, people: 1, menuIds: [LUNCH] })).body.times![0]!;
  // No cookie is sent, so every request starts its own reservation session; each browser has an
  // address of its own (one address holds at most a party's worth without a visit: decision 050).
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      post(`${server.url}/api/customery-day/allocate-seat`, { date, time, people: 1, menuIds: [LUNCH] }, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
  const granted = answers.map((a) => a.body.seat_ids ?? []).filter((ids) => ids.length > 0);
  const seats = granted.flat();
  expect(new Set(seats).size, 'a seat was given to two sessions').toBe(seats.length);
  expect(granted).toHaveLength(7);
}

describe('50 browsers allocating the same time over HTTP', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('never share a seat on embedded PGlite', async () => {
    const server = await startTestWebServer();
    cleanups.push(server.close);
    await race(server);
  });

  it('never share a seat on the real PostgreSQL', async (ctx) => {
    const serverUrl = await postgresUrl();
    if (!serverUrl) return ctx.skip();
    const database = await createTestDatabase(serverUrl, 'moncafe_http_race');
    cleanups.push(database.drop);
    const server = await startTestWebServer({ env: { DATABASE_URL: database.url } });
    cleanups.push(server.close);
    await race(server);
  });
});

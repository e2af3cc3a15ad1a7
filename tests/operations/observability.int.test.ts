import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCoursesReady, firstBookable, LUNCH } from '../reservation/booking-steps';
import { HttpClient, httpClient } from '../support/http-client';
import { outsideHost, type OutsideHost } from '../support/netns';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { AT_DEMO_STORE, moveToOpenHours, seatCodeOf, waitForOrderMenu, withToken } from '../support/table-order';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Health, readiness, metrics and request ids over a real server on a PostgreSQL database the
 * test can read (decisions 176, 177). The server listens on every interface, and a client in a
 * network namespace the test makes (tests/support/netns.ts) reaches it as a non-loopback peer:
 * what /metrics refuses without the token. No redirect, no session, no rate limit on the
 * operations endpoints.
 */
const serverUrl = await postgresUrl();
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one series in Prometheus text (`name{labels} value`), or null. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(match[3]);
  }
  return null;
}

describe.skipIf(!serverUrl)('operations endpoints', () => {
  let database: TestDatabase;
  let server: TestWebServer;
  let probe: pg.Client;
  /** A client on another host; null where none can be made (no root): those checks are skipped, never in CI. */
  let outside: OutsideHost | null = null;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_ops');
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, DEMO_DATA: '1', HOST: '0.0.0.0', METRICS_TOKEN } });
    const host = await outsideHost();
    if (!('unavailable' in host)) outside = host;
    else if (process.env.REQUIRE_SERVICES === '1') throw new Error(`a client on another host is needed for /metrics' access rule: ${host.unavailable}`);
    else console.warn(`skipping the checks from another host: ${host.unavailable}`);
    probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    await demoCoursesReady(server.url);
  }, 180_000);
  afterAll(async () => {
    await outside?.close();
    await probe?.end();
    await server?.close();
    await database?.drop();
  });

  it('answers /healthz and /readyz with small JSON: no redirect, no cookie, from anywhere', async () => {
    const health = await fetch(`${server.url}/healthz`, { redirect: 'manual' });
    expect(health.status).toBe(200);
    expect(health.headers.get('set-cookie')).toBeNull();
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`, { redirect: 'manual' });
    const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }>; lag: { events: number; seconds: number } };
    expect(ready.status, JSON.stringify(body)).toBe(200);
    // The read models' lag is reported beside the checks, never one of them (decision 551).
    expect(body).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, bus: { ok: true }, migrations: { ok: true }, loops: { ok: true } },
      lag: { events: expect.any(Number), seconds: expect.any(Number) },
    });
    expect(JSON.stringify(body)).not.toContain(database.url);
    if (!outside) return;
    const fromElsewhere = await outside.get(`http://${outside.serverAddress}:${new URL(server.url).port}/healthz`);
    expect(fromElsewhere).toEqual({ status: 200, body: JSON.stringify({ status: 'ok' }) });
  });

  it("follows one booking's request id from the access log into its events' metadata", async () => {
    const guest = new HttpClient(server.url);
    const { date, time } = await firstBookable(guest, 2, [LUNCH]);
    expect((await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] })).status).toBe(200);
    const requestId = `booking-${randomUUID()}`;
    const answer = await guest.send('POST', '/api/reservation-confirmation/send-confirmation', {
      json: {
        name: '山田花子',
        email: 'trace@example.jp',
        phone: '090-1234-5678',
        reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 2 }] },
      },
      headers: { 'x-request-id': requestId },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(requestId);

    // The line is written when the answer has left: it may reach the test's pipe just after the answer.
    await until(async () => server.output().includes(`"reqId":"${requestId}"`), { what: 'the access-log line', timeoutMs: 5000 });
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.includes(`"reqId":"${requestId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        path: '/api/reservation-confirmation/send-confirmation',
        status: 200,
        route: '/api/reservation-confirmation/send-confirmation',
      }),
    ]);
    const { rows } = await probe.query<{ type: string }>(`select type from events where metadata ->> 'correlationId' = $1 order by position`, [requestId]);
    expect(rows.map((r) => r.type)).toContain('ReservationRequested');

    // The request's other log lines carry it too: a failed sign-in's audit line, written deep inside React Router.
    const loginId = `login-${randomUUID()}`;
    const login = await new HttpClient(server.url).send('POST', '/api/auth/login', {
      json: { email: 'nobody@example.jp', password: 'not-the-password-1' },
      headers: { 'x-request-id': loginId },
    });
    expect(login.status).toBe(401);
    await until(async () => server.output().includes(`"reqId":"${loginId}"`) && server.output().includes('audit login_failed'), {
      what: 'the audit line',
      timeoutMs: 5000,
    });
    const audited = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"audit":"login_failed"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(audited.at(-1)).toMatchObject({ reqId: loginId });

    // An id that is not plain text is replaced by a fresh one, never echoed.
    const odd = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'has spaces <and> markup' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // A probe answered 200 writes no access-log line (a balancer asks every few seconds); the page after it does.
    const probeId = `probe-${randomUUID()}`;
    expect((await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': probeId } })).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`, { headers: { 'x-request-id': probeId } })).status).toBe(200);
    const pageId = `page-${randomUUID()}`;
    expect((await fetch(`${server.url}/`, { headers: { 'x-request-id': pageId }, redirect: 'manual' })).status).toBeLessThan(500);
    await until(async () => server.output().includes(`"reqId":"${pageId}"`), { what: "the page's access-log line", timeoutMs: 5000 });
    expect(server.output()).not.toContain(`"reqId":"${probeId}"`);
  });

  it('serves /metrics to loopback after a booking and an order, with every named series; refuses another address without the token', async () => {
    // An order at a table (the booking is the test above).
    await waitForOrderMenu(server.url);
    await moveToOpenHours(server);
    const phone = httpClient(server.url);
    const checkIn = await phone.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t3',
      number_of_people: 2,
      seat_code: await seatCodeOf(server.url, 'seat-t3'),
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const order = await phone.send('POST', '/api/orders', {
      json: { seat_id: 'seat-t3', reservation_id: checkIn.body.reservation_id, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
      headers: withToken(checkIn.body.token),
    });
    expect(order.status).toBe(200);
    // A rate-limit refusal: the cancel lookup allows 30 a minute per address.
    const prober = httpClient(server.url);
    let refusedOnce = false;
    for (let i = 0; i < 32 && !refusedOnce; i++) {
      refusedOnce = (await prober.post('/api/customer-cancel/check', { reservation_id: randomUUID(), email: 'x@example.jp' })).status === 429;
    }
    expect(refusedOnce).toBe(true);
    // A live stream open while scraping.
    const live = new AbortController();
    const stream = await fetch(`${server.url}/live?topics=catalog`, { signal: live.signal });
    const reader = stream.body!.getReader();
    await reader.read();

    const scraped = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    live.abort();

    const head = Number((await probe.query<{ n: string }>('select max(position) as n from events')).rows[0]!.n);
    expect(seriesValue(text, 'moncafe_http_request_duration_seconds_count', { route: '/api/orders', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(
      seriesValue(text, 'moncafe_http_request_duration_seconds_count', {
        route: '/api/reservation-confirmation/send-confirmation',
        method: 'POST',
        status: '200',
      }),
      text
        .split('\n')
        .filter((l) => l.startsWith('moncafe_http_request_duration_seconds_count'))
        .join('\n'),
    ).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'moncafe_event_appends_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(3);
    expect(seriesValue(text, 'moncafe_event_append_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(seriesValue(text, 'moncafe_event_append_duration_seconds_sum')).toBeGreaterThan(0);
    const lagEvents = seriesValue(text, 'moncafe_projection_lag_events', { projector: 'reservations' });
    expect(lagEvents).not.toBeNull();
    expect(lagEvents!).toBeGreaterThanOrEqual(0);
    expect(lagEvents!).toBeLessThan(100);
    expect(seriesValue(text, 'moncafe_projection_lag_seconds', { projector: 'reservations' })).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'moncafe_live_connections', { topic: 'catalog' })).toBe(1);
    const relayed = seriesValue(text, 'moncafe_relay_position')!;
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThanOrEqual(head);
    expect(seriesValue(text, 'moncafe_relay_leader')).toBe(1);
    expect(seriesValue(text, 'moncafe_rate_limit_refusals_total', { rule: 'cancel-lookup:ip' })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'moncafe_mail_outbox_backlog')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(seriesValue(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    // From a non-loopback address: refused without the token (a forged X-Forwarded-For does not help), served with it.
    if (!outside) return;
    const metricsUrl = `http://${outside.serverAddress}:${new URL(server.url).port}/metrics`;
    expect((await outside.get(metricsUrl, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    expect((await outside.get(metricsUrl, { authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(403);
    const withTokenAnswer = await outside.get(metricsUrl, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withTokenAnswer.status).toBe(200);
    expect(withTokenAnswer.body).toContain('moncafe_event_appends_total');
  }, 120_000);
});

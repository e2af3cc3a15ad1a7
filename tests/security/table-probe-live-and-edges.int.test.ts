import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client';
import { openSse, type SseFrame } from '../support/sse';
import { AT_DEMO_STORE, moveToOpenHours, signedInAdmin, waitForOrderMenu, withToken, seatCodeOf } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { firstBookable, LUNCH, startServerWithMail } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';

/**
 * The outside probe of the operations half (decisions 150–153), its findings on the live feeds, expired links and the edge (decisions 165, 166), replayed against a
 * started server as the probe sent them: the public live feed, the guest's own stream, an expired
 * confirmation link, and the edges (headers on every answer, bodies sent to calls that take none).
 * docs/security.md names these tests.
 */
let server: TestWebServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, smtp, close } = await startServerWithMail());
  await waitForOrderMenu(server.url);
  await moveToOpenHours(server);
}, 180_000);

afterAll(async () => close?.());

/** A phone checked in at `seat` (the table flow as the probe used it): its reservation and token. */
async function checkIn(seat: string): Promise<{ reservationId: string; token: string }> {
  const answer = await httpClient(server.url).post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
    seat_id: seat,
    number_of_people: 2,
    seat_code: await seatCodeOf(server.url, seat),
    ...AT_DEMO_STORE,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { reservationId: answer.body.reservation_id, token: answer.body.token };
}

/** One order of `menuId` × 1 from the guest's phone: the order's id. */
async function order(visit: { reservationId: string; token: string }, seat: string, menuId: string): Promise<string> {
  const response = await httpClient(server.url).send('POST', '/api/orders', {
    json: { seat_id: seat, reservation_id: visit.reservationId, items: [{ menu_id: menuId, quantity: 1 }] },
    headers: withToken(visit.token),
  });
  const body = (await response.json()) as { order_id: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.order_id;
}

const dataOf = (frame: SseFrame) => JSON.parse(frame.data ?? 'null') as Record<string, unknown>;
const stockIds = (frames: SseFrame[]) => frames.filter((f) => f.event === 'stock-updated').flatMap((f) => dataOf(f).menu_ids as string[]);
const newOrders = (frames: SseFrame[]) => frames.filter((f) => f.event === 'new-order').map((f) => dataOf(f).orderId as string);

describe('finding 11: the live feeds a stranger or a guest can open', () => {
  it('announces on the public catalog topic only an item selling out, never each order of a counted item', async () => {
    const admin = await signedInAdmin(server.url);
    const pub = await openSse(`${server.url}/live?topics=catalog`);
    expect(pub.status).toBe(200);
    // Two counted items: a pudding with 5 left and a blend with 1 left (the editor's saves may be announced).
    for (const [menuId, quantity] of [
      ['menu-pudding', 5],
      ['menu-blend', 1],
    ] as const) {
      expect((await admin.post(`/api/admin/menu-stock/${menuId}`, { quantity, is_sold_out: 0, manage_stock: 1 })).status).toBe(200);
    }
    await pub.until((f) => ['menu-pudding', 'menu-blend'].every((id) => stockIds(f).includes(id)));
    const seen = pub.frames.length;

    // The probe's sales feed: a guest orders a pudding (4 left, still available), then the last blend.
    const visit = await checkIn('seat-t1');
    await order(visit, 'seat-t1', 'menu-pudding');
    await order(visit, 'seat-t1', 'menu-blend');
    await pub.until((f) => stockIds(f.slice(seen)).includes('menu-blend'));
    // Only the blend's selling out was announced; the pudding's order told the public nothing.
    expect(stockIds(pub.frames.slice(seen))).toEqual(['menu-blend']);
    expect(pub.frames.every((f) => f.id === null)).toBe(true);
    pub.close();
  });

  it('gives a guest’s own stream ids that are not the store’s positions, and still resumes it from Last-Event-ID', async () => {
    const visit = await checkIn('seat-t2');
    const url = `${server.url}/live?topics=catalog,reservation:${visit.reservationId}&token=${encodeURIComponent(visit.token)}`;
    const first = await openSse(url);
    expect(first.status).toBe(200);
    await first.until((f) => f.some((x) => x.id !== null)); // where "now" is, for a reconnect
    const one = await order(visit, 'seat-t2', 'menu-latte');
    await first.until((f) => newOrders(f).includes(one));
    const ids = first.frames.flatMap((f) => (f.id === null ? [] : [f.id]));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    // The probe read global positions here (how busy the whole store is); now the ids say nothing of them.
    for (const id of ids) expect(id, 'a global position').not.toMatch(/^\s*\d+\s*$/);
    const lastId = ids.at(-1)!;
    first.close();

    // The phone was away while a second order went in: it resumes with its last id and gets exactly that one.
    const two = await order(visit, 'seat-t2', 'menu-latte');
    const resumed = await openSse(url, { 'last-event-id': lastId });
    await resumed.until((f) => newOrders(f).includes(two));
    expect(newOrders(resumed.frames)).toEqual([two]);
    resumed.close();

    // A made-up position replays nothing: the stream starts from now.
    const forged = await openSse(url, { 'last-event-id': '0' });
    expect(forged.status).toBe(200);
    await forged.until((f) => f.some((x) => x.id !== null));
    const three = await order(visit, 'seat-t2', 'menu-latte');
    await forged.until((f) => newOrders(f).includes(three));
    expect(newOrders(forged.frames)).toEqual([three]);
    forged.close();
  });
});

describe('finding 13: a confirmation link that was never confirmed', () => {
  it('answers no name, e-mail or phone, and after its expiry only that it expired', async () => {
    const guest = httpClient(server.url);
    const person = { name: '確認前太郎', email: 'unconfirmed.probe@example.jp', phone: '090-8765-4321' };
    const { date, time } = await firstBookable(guest, 2, [LUNCH]);
    expect((await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] })).status).toBe(200);
    const sent = await guest.post('/api/reservation-confirmation/send-confirmation', {
      ...person,
      reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 1 }] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const token = decodeURIComponent(/confirm-reservation\?token=(\S+)/.exec((await smtp.next(person.email)).text)![1]!);
    const link = `/api/reservation-confirmation/${encodeURIComponent(token)}`;
    const personal = (text: string) => [person.name, person.email, person.phone, '09087654321'].filter((p) => text.includes(p));

    // Before its expiry, unconfirmed: the booking, without who made it.
    const open = await guest.get(link);
    const openText = await open.text();
    expect(open.status).toBe(200);
    expect(openText).toContain(date);
    expect(personal(openText)).toEqual([]);

    // The probe's request: the same link opened after it expired.
    await server.advanceClock(6 * 60_000);
    for (const path of [link, `${link}?confirm=true`]) {
      const expired = await guest.get(path);
      const text = await expired.text();
      expect(expired.status, path).toBe(400);
      expect(JSON.parse(text), path).toMatchObject({ success: false, expired: true });
      expect(personal(text), path).toEqual([]);
    }
    const page = await guest.page(`/confirm-reservation?token=${encodeURIComponent(token)}`);
    expect(personal(page.html)).toEqual([]);
  });
});

/** One request on `agent` (one keep-alive socket): the whole answer, and whether it went on a socket used before. */
function onSocket(
  agent: http.Agent,
  request: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; reused: boolean }> {
  const target = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: target.hostname, port: target.port, method: request.method, path: request.path, headers: request.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), reused: req.reusedSocket }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${request.method} ${request.path} within 15 s`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The headers every page has (CSP with frame-ancestors, frame, nosniff, referrer). */
function expectSecurityHeaders(headers: Headers | http.IncomingHttpHeaders, what: string) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : ((headers[name] as string | undefined) ?? null));
  expect(get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(get('content-security-policy'), what).toContain("object-src 'none'");
  expect(get('x-frame-options'), what).toBe('DENY');
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

describe('finding 14: the edges', () => {
  it('puts the security headers on the CSRF refusal, static files, the malformed-URL 400, 404s and JSON calls', async () => {
    const csrf = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(csrf.status).toBe(403);
    expectSecurityHeaders(csrf.headers, 'the CSRF refusal');
    const page = await fetch(`${server.url}/login`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: new URLSearchParams({ a: 'b' }) });
    expect(page.status).toBe(403);
    expectSecurityHeaders(page.headers, 'the CSRF refusal of a page');

    const svg = await fetch(`${server.url}/images/cards/menu.svg`);
    expect(svg.status).toBe(200);
    expectSecurityHeaders(svg.headers, 'a static file');

    const malformed = await fetch(`${server.url}/%E0%A4%A`);
    expect(malformed.status).toBe(400);
    expectSecurityHeaders(malformed.headers, 'the malformed-URL 400');

    // Unknown: a call is a 404; any other path goes home (the spec's routes).
    for (const [path, status] of [
      ['/api/no-such-call', 404],
      ['/no-such-page', 302],
    ] as const) {
      const missing = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(missing.status, path).toBe(status);
      expectSecurityHeaders(missing.headers, path);
    }
    const call = await fetch(`${server.url}/api/auth/status`);
    expect(call.status).toBe(200);
    expectSecurityHeaders(call.headers, 'a JSON call');

    // Pages keep a fresh nonce of their own that their inline scripts carry.
    const login = await fetch(`${server.url}/login`);
    const nonce = /'nonce-([^']+)'/.exec(login.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(await login.text()).toContain(`nonce="${nonce}"`);
    expect(login.headers.get('content-security-policy')?.match(/frame-ancestors/g)).toHaveLength(1);
  });

  it('answers the next request on a keep-alive connection after 1 MB sent to a call that takes no body, or over a call’s limit', async () => {
    const megabyte = Buffer.alloc(1_000_000, 0x20);
    const someone = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { path: '/api/auth/logout', expected: [200] },
      { path: `/api/orders/${someone}/complete`, expected: [404] },
      { path: `/api/orders/${someone}/restore`, expected: [404] },
      { path: `/api/order-management/${someone}/reveal-password`, expected: [404] },
      // Over a call's limit (64 KiB) and a page's: a clean 413.
      { path: '/api/customery-day/allocate-seat', expected: [413] },
      { path: '/login', expected: [413] },
    ];
    for (const call of calls) {
      const admin = await signedInAdmin(server.url);
      const headers = { cookie: admin.cookie!, origin: server.url, 'content-type': 'application/json' };
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await onSocket(agent, { method: 'POST', path: call.path, headers, body: megabyte });
        expect(call.expected, `${call.path}: ${first.status} ${first.text.slice(0, 200)}`).toContain(first.status);
        expectSecurityHeaders(first.headers, call.path);
        // The probe's next request on the same connection was reset; now it is answered, on that connection.
        const next = await onSocket(agent, { method: 'GET', path: '/api/auth/status', headers: { cookie: admin.cookie! } });
        expect(next.status, call.path).toBe(200);
        expect(next.reused, `${call.path}: the same keep-alive connection`).toBe(true);
      } finally {
        agent.destroy();
      }
    }
  });
});

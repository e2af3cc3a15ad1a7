import { describe, expect, it } from 'vitest';
import { cacheLifetimeMs, createApiClient } from './api-client';

/** customer-site.md §7 and §8 call rules, each with an injected clock, fetch and wait (no timers). */
const TOO_MANY = 'リクエストが多すぎます。しばらく待ってから再試行してください。';
const SERVER_ERROR = 'サーバーエラーが発生しています。しばらく時間をおいてから再試行してください。';
const MINUTE = 60_000;

function harness(answer: (url: string, call: number) => Response | Promise<Response>) {
  let clock = Date.parse('2026-12-10T03:00:00.000Z');
  const calls: { url: string; init: RequestInit }[] = [];
  const waits: number[] = [];
  const client = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer(url, calls.length);
    },
    now: () => clock,
    wait: async (ms) => {
      waits.push(ms);
    },
    warn: () => undefined,
  });
  return { client, calls, waits, advance: (ms: number) => (clock += ms) };
}

describe('GET cache lifetimes by path', () => {
  it('stores 30 min, business hours 15, homepage settings 10, menu 60, dependencies 10, anything else 5', () => {
    expect(cacheLifetimeMs('/api/stores')).toBe(30 * MINUTE);
    expect(cacheLifetimeMs('/api/stores/s1')).toBe(30 * MINUTE);
    expect(cacheLifetimeMs('/api/admin/business-hours?month=2026-12')).toBe(15 * MINUTE);
    expect(cacheLifetimeMs('/api/admin/homepage-settings')).toBe(10 * MINUTE);
    expect(cacheLifetimeMs('/api/admin/menu')).toBe(60 * MINUTE);
    expect(cacheLifetimeMs('/api/admin/menu-options/dependencies')).toBe(10 * MINUTE);
    expect(cacheLifetimeMs('/api/admin/email-settings/notices')).toBe(5 * MINUTE);
    expect(cacheLifetimeMs('/api/customer/menu')).toBe(5 * MINUTE);
  });

  it('a GET is answered from the cache until its lifetime ends, then fetched again', async () => {
    const h = harness(() => Response.json([{ store_id: 's1' }]));
    await h.client.callJson('/api/stores');
    h.advance(30 * MINUTE - 1);
    expect((await h.client.callJson('/api/stores')).body).toEqual([{ store_id: 's1' }]);
    expect(h.calls).toHaveLength(1);
    h.advance(1);
    await h.client.callJson('/api/stores');
    expect(h.calls).toHaveLength(2);
  });

  it('the menu keeps 60 minutes and an unnamed path 5; failures and POSTs are never cached', async () => {
    const h = harness((url, n) => (url === '/api/customer/menu' && n === 3 ? new Response('', { status: 500 }) : Response.json({ n })));
    await h.client.callJson('/api/admin/menu');
    await h.client.callJson('/api/customer/menu');
    h.advance(5 * MINUTE);
    await h.client.callJson('/api/admin/menu');
    expect((await h.client.callJson('/api/customer/menu')).status).toBe(500);
    expect((await h.client.callJson('/api/customer/menu')).ok).toBe(true);
    await h.client.callJson('/api/customery-day/available-times', { body: { date: '2026-12-20' } });
    await h.client.callJson('/api/customery-day/available-times', { body: { date: '2026-12-20' } });
    expect(h.calls.map((c) => c.url)).toEqual([
      '/api/admin/menu',
      '/api/customer/menu',
      '/api/customer/menu',
      '/api/customer/menu',
      '/api/customery-day/available-times',
      '/api/customery-day/available-times',
    ]);
  });

  it('a GET marked noStore (the confirmation link) is fetched every time', async () => {
    const h = harness(() => Response.json({ success: true }));
    await h.client.callJson('/api/reservation-confirmation/r1.secret?confirm=true', { noStore: true });
    await h.client.callJson('/api/reservation-confirmation/r1.secret?confirm=true', { noStore: true });
    expect(h.calls).toHaveLength(2);
  });

  it('identical in-flight requests share one fetch; different bodies do not', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness(async () => {
      await gate;
      return Response.json({ ok: true });
    });
    const a = h.client.callJson('/api/customery-day/available-dates', { body: { people: 2 } });
    const b = h.client.callJson('/api/customery-day/available-dates', { body: { people: 2 } });
    const c = h.client.callJson('/api/customery-day/available-dates', { body: { people: 3 } });
    release();
    const [ra, rb] = await Promise.all([a, b, c]);
    expect(ra).toBe(rb);
    expect(h.calls).toHaveLength(2);
  });

  it('sends JSON with credentials', async () => {
    const h = harness(() => Response.json({}));
    await h.client.callJson('/api/customer-cancel/check', { body: { reservation_id: 'r1', email: 'a@example.jp' } });
    expect(h.calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"reservation_id":"r1","email":"a@example.jp"}' });
    expect(h.calls[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });
});

describe('429', () => {
  it('is rejected with the spec message, clears the pending entry, and alerts once until the flag resets after 30 s', async () => {
    const h = harness(() => Response.json({}, { status: 429 }));
    const first = await h.client.callJson('/api/customery-day/available-times', { body: {} });
    expect(first).toMatchObject({ ok: false, status: 429, message: TOO_MANY, notify: true });
    h.advance(29_999);
    const second = await h.client.callJson('/api/customery-day/available-times', { body: {} });
    expect(second).toMatchObject({ message: TOO_MANY, notify: false });
    expect(h.calls).toHaveLength(2);
    h.advance(1);
    expect((await h.client.callJson('/api/customery-day/available-dates', { body: {} })).notify).toBe(true);
  });

  it('counts per URL within 60 seconds', async () => {
    const logged: unknown[][] = [];
    let clock = 0;
    const client = createApiClient({
      fetch: async () => Response.json({}, { status: 429 }),
      now: () => clock,
      wait: async () => undefined,
      warn: (...args) => logged.push(args),
    });
    await client.callJson('/a');
    clock += 59_999;
    await client.callJson('/a');
    await client.callJson('/b');
    clock += 1;
    await client.callJson('/a');
    expect(logged.map(([, url, info]) => [url, info])).toEqual([
      ['/a', { count: 1 }],
      ['/a', { count: 2 }],
      ['/b', { count: 1 }],
      ['/a', { count: 2 }],
    ]);
  });

  it('a customer information page load is retried once after 3 seconds', async () => {
    const h = harness((_url, n) => (n === 1 ? Response.json({}, { status: 429 }) : Response.json({ stores: [] })));
    const r = await h.client.callJson('/api/stores', { retryAfter429Ms: 3_000 });
    expect(h.waits).toEqual([3_000]);
    expect(r).toMatchObject({ ok: true, status: 200, body: { stores: [] } });
    expect(h.calls).toHaveLength(2);
  });

  it('without the retry option a 429 is not retried', async () => {
    const h = harness(() => Response.json({}, { status: 429 }));
    await h.client.callJson('/api/stores');
    expect(h.waits).toEqual([]);
    expect(h.calls).toHaveLength(1);
  });
});

describe('502', () => {
  it('the third consecutive error on one URL within 5 s carries the spec message', async () => {
    const h = harness(() => new Response('bad gateway', { status: 502 }));
    const url = '/api/customery-day/available-dates';
    expect((await h.client.callJson(url, { body: {} })).message).toBeNull();
    h.advance(2_000);
    expect((await h.client.callJson(url, { body: {} })).message).toBeNull();
    expect((await h.client.callJson('/api/other', { body: {} })).message).toBeNull();
    h.advance(2_999);
    expect(await h.client.callJson(url, { body: {} })).toMatchObject({ message: SERVER_ERROR, notify: true });
  });

  it('errors older than 5 s or broken by a success do not count', async () => {
    let status = 502;
    const h = harness(() => new Response('', { status }));
    const url = '/api/customery-day/available-times';
    await h.client.callJson(url, { body: {} });
    await h.client.callJson(url, { body: {} });
    h.advance(5_000);
    expect((await h.client.callJson(url, { body: {} })).message).toBeNull();
    status = 200;
    await h.client.callJson(url, { body: {} });
    status = 502;
    await h.client.callJson(url, { body: {} });
    expect((await h.client.callJson(url, { body: {} })).message).toBeNull();
  });

  it('the day screen alerts a times error at most once per 5 seconds', () => {
    const h = harness(() => Response.json({}));
    expect(h.client.alertAllowed('times-502', 5_000)).toBe(true);
    h.advance(4_999);
    expect(h.client.alertAllowed('times-502', 5_000)).toBe(false);
    h.advance(1);
    expect(h.client.alertAllowed('times-502', 5_000)).toBe(true);
  });
});

describe('Idempotency-Key (decision 260)', () => {
  const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['Idempotency-Key'];

  it('sends a new key with each command, the screen’s own key for a resend, and none with a GET', async () => {
    const h = harness(() => Response.json({ success: true }));
    await h.client.callJson('/api/shift/submit', { body: { a: 1 } });
    await h.client.callJson('/api/shift/submit', { body: { a: 2 } });
    await h.client.callJson('/api/store-opening-tasks/t1', { method: 'PUT', body: { completed: true }, idempotencyKey: 'kept-key-from-the-outbox' });
    await h.client.callJson('/api/stores');
    const [first, second, resend, read] = h.calls.map((c) => keyOf(c.init));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect(resend).toBe('kept-key-from-the-outbox');
    expect(read).toBeUndefined();
  });

  it('the 429 retry of a command is the same action: it reuses the key', async () => {
    const h = harness((_, n) => (n === 1 ? Response.json({ error: 'x' }, { status: 429 }) : Response.json({ success: true })));
    expect((await h.client.callJson('/api/customer', { body: { a: 1 }, retryAfter429Ms: 3000 })).ok).toBe(true);
    expect(h.calls).toHaveLength(2);
    expect(keyOf(h.calls[1]!.init)).toBe(keyOf(h.calls[0]!.init));
  });
});

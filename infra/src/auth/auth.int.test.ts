import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { createEmbeddedTestDatabase, createTestDatabase, postgresUrl } from '@moncafe/tests/support/services';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { authMigrations } from './migrations';
import { hashPassword, verifyPassword } from './password';
import { createRateLimiter, rateLimit } from './rate-limit';
import { createSessionStore } from './sessions';

const clockAt = (start: string) => manualClock(new Date(start));

describe('auth bookkeeping on embedded PostgreSQL', () => {
  let embedded: Awaited<ReturnType<typeof createEmbeddedTestDatabase>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    embedded = await createEmbeddedTestDatabase(authMigrations);
    database = embedded.handle;
  });
  afterAll(() => embedded?.drop());

  it('counts attempts in a fixed window and starts over after it', async () => {
    const clock = clockAt('2026-11-22T01:00:00Z');
    const rule = { key: 'login:account:abc', limit: 10, windowMs: 60_000 };
    const limiter = { rateLimiter: createRateLimiter(database.pool, clock) };
    for (let i = 1; i <= 10; i++) expect((await rateLimit(limiter, rule)).ok, `attempt ${i}`).toBe(true);
    clock.advanceMs(30_000);
    const over = await rateLimit(limiter, rule);
    expect(over).toEqual({ ok: false, retryAfterSeconds: 30 });
    clock.advanceMs(30_000);
    expect(await rateLimit(limiter, rule)).toEqual({ ok: true, remaining: 9 });
    // Another key is counted apart.
    expect((await rateLimit(limiter, { ...rule, key: 'login:account:other' })).ok).toBe(true);
  });

  it('spends exactly the limit when ten requests of one client arrive at once (decision 199)', async () => {
    const clock = clockAt('2026-11-22T02:00:00Z');
    const rule = { key: 'api:ip:203.0.113.50', limit: 600, windowMs: 60_000 };
    const limiter = { rateLimiter: createRateLimiter(database.pool, clock) };
    let allowed = 0;
    // 80 rounds of 10 concurrent requests: 800 asked, the limit is 600, all in one window.
    for (let round = 0; round < 80; round++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => rateLimit(limiter, rule)));
      allowed += results.filter((r) => r.ok).length;
    }
    expect(allowed).toBe(600);
  });

  it('keeps sessions server-side behind a signed cookie, ends them and lets them expire', async () => {
    const clock = clockAt('2026-11-22T01:00:00Z');
    const store = createSessionStore({ db: database.db, clock }, { secret: 'test-secret-test-secret-test-secret', production: false, ttlMs: 3_600_000 });
    const setCookie = await store.create('account-1');
    expect(setCookie).toMatch(/^moncafe_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
    const cookie = setCookie.split(';')[0]!;
    expect(await store.read(cookie)).toMatchObject({ accountId: 'account-1' });

    // A forged signature, or an id the server never issued, is nobody.
    const [name, value] = cookie.split('=') as [string, string];
    expect(await store.read(`${name}=${value.slice(0, -2)}xx`)).toBeNull();
    expect(await store.read(`${name}=made-up.signature`)).toBeNull();
    // The table holds a hash of the id, never the id itself.
    const rows = await database.pool.query<{ id_hash: string }>('select id_hash from auth_sessions');
    const id = value.slice(0, value.lastIndexOf('.'));
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((r) => r.id_hash === id || r.id_hash.includes(id))).toBe(false);

    clock.advanceMs(3_600_001);
    expect(await store.read(cookie)).toBeNull();

    const second = (await store.create('account-1')).split(';')[0]!;
    expect(second).not.toBe(cookie);
    await store.destroy(second);
    expect(await store.read(second)).toBeNull();
  });

  it('marks production cookies Secure with the __Host- prefix and refuses a weak secret', () => {
    const clock = clockAt('2026-11-22T01:00:00Z');
    expect(() => createSessionStore({ db: database.db, clock }, { secret: 'short', production: true })).toThrow(/SESSION_SECRET/);
    const store = createSessionStore({ db: database.db, clock }, { secret: 'x'.repeat(32), production: true });
    expect(store.cookieName).toBe('__Host-moncafe_session');
    expect(store.clearCookie()).toContain('; Secure');
  });
});

describe('argon2id', () => {
  it('hashes with the OWASP parameters and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});

describe('rate limits shared by several web processes (PostgreSQL server)', () => {
  async function twoProcesses(server: string) {
    const testDb = await createTestDatabase(server, 'moncafe_ratelimit');
    // Two connection pools and two limiters stand for two web processes.
    const a = await openDatabase({ url: testDb.url, dataDir: '' });
    const b = await openDatabase({ url: testDb.url, dataDir: '' });
    await migrateToLatest(a.db, authMigrations);
    const clock = clockAt('2026-11-22T01:00:00Z');
    return {
      a,
      limiters: [{ rateLimiter: createRateLimiter(a.pool, clock) }, { rateLimiter: createRateLimiter(b.pool, clock) }] as const,
      async close() {
        await a.close();
        await b.close();
        await testDb.drop();
      },
    };
  }

  it('counts every attempt exactly once when two processes race on one key', async () => {
    const server = await postgresUrl();
    if (!server) return;
    const processes = await twoProcesses(server);
    try {
      const rule = { key: 'login:ip:203.0.113.9', limit: 30, windowMs: 60_000 };
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => rateLimit(processes.limiters[i % 2]!, rule)));
      expect(results.filter((r) => r.ok)).toHaveLength(30);
      expect(results.filter((r) => !r.ok)).toHaveLength(10);
    } finally {
      await processes.close();
    }
  });

  it('lets a busy client through without a database write per request, never past the limit in all processes together', async () => {
    const server = await postgresUrl();
    if (!server) return;
    const processes = await twoProcesses(server);
    try {
      const rule = { key: 'api:ip:203.0.113.10', limit: 600, windowMs: 60_000 };
      let allowed = 0;
      for (let i = 0; i < 800; i++) if ((await rateLimit(processes.limiters[i % 2]!, rule)).ok) allowed++;
      // Points one process leased and did not spend are refused early elsewhere: at most one lease (30) short.
      expect(allowed).toBeLessThanOrEqual(600);
      expect(allowed).toBeGreaterThanOrEqual(600 - 30);
      // One row for the key and window, written once per lease of 30 points, not once per request.
      const { rows } = await processes.a.pool.query<{ points: number }>('select points from rate_limit_counters');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.points).toBeLessThanOrEqual(600 + 2 * 30);
    } finally {
      await processes.close();
    }
  });
});

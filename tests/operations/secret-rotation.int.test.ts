import { execFile } from 'node:child_process';
import { generate } from 'otplib';
import { DEMO_STORE_ID } from '@moncafe/demo/demo-data';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { signedInAdmin } from '../support/table-order';
import { freePort, startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';

/**
 * Rotating SESSION_SECRET and SECRETS_KEY (decision 178), across restarts of a real server on one
 * PostgreSQL database: a session signed with the old secret still works after the rotation;
 * `npm run secrets:reseal` seals again with the new key the demo supplier's password, every
 * seat's code, a TOTP secret and every person's data key, after which the old key can be dropped
 * and everything still opens: the password, the seat cards, a guest's name and password (sealed
 * with their data key) and their authenticator's codes.
 */
const serverUrl = await postgresUrl();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OLD_SESSION = 'old-session-secret-of-thirty-two-characters';
const NEW_SESSION = 'new-session-secret-of-thirty-two-characters';
const OLD_KEY = 'old-secrets-key-of-at-least-thirty-two-chars';
const NEW_KEY = 'new-secrets-key-of-at-least-thirty-two-chars';
const SUPPLIER = 'demo-supplier-beans';

/** The app's code at the server's own time (its injected clock). */
async function codeAt(server: TestWebServer, secret: string): Promise<string> {
  const answer = await fetch(`${server.url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":0}' });
  return generate({ secret, epoch: Math.floor(Date.parse(((await answer.json()) as { now: string }).now) / 1000) });
}

/** The codes the demo store's printable seat cards carry, in order. */
async function seatCards(admin: HttpClient): Promise<string[]> {
  const page = await admin.get(`/monitor/qr-codes?store_id=${DEMO_STORE_ID}`);
  expect(page.status).toBe(200);
  // Each card's address shows in its link and in the page's data: each code once, in order.
  return [...new Set([...(await page.text()).matchAll(/[?&](?:amp;)?code=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!))];
}

describe.skipIf(!serverUrl)('secret rotation', () => {
  let database: TestDatabase;
  let server: TestWebServer | null = null;
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function serve(port: number, sessionSecret: string, secretsKey: string) {
    await server?.close();
    server = await startTestWebServer({ port, env: { DATABASE_URL: database.url, DEMO_DATA: '1', SESSION_SECRET: sessionSecret, SECRETS_KEY: secretsKey } });
  }
  const reveal = async (client: HttpClient) => {
    const answer = await client.send('POST', `/api/order-management/${SUPPLIER}/reveal-password`, { json: {} });
    return { status: answer.status, body: (await answer.json()) as { password?: string } };
  };

  it('keeps sessions signed in and sealed passwords readable through a rotation, and re-seals under the new key', async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_rotation');
    const port = await freePort();
    await serve(port, OLD_SESSION, OLD_KEY);
    const admin = await signedInAdmin(server!.url);
    expect(
      (
        await waitForAnswer(
          () => reveal(admin),
          (a) => a.status === 200,
          600,
        )
      ).body.password,
    ).toBe('demo-Beans-2024');

    // A person with sealed fields (name, password hash: their data key) and an authenticator app
    // (its secret sealed by SECRETS_KEY), and the seat cards' codes (sealed copies), all under the old key.
    const guest = httpClient(server!.url);
    await signUp(guest, { name: '鍵替 花子', email: 'rotation@moncafe.test', password: 'rotation-password-1' });
    const setup = await guest.postJson('/api/auth/mfa/totp/setup', { password: 'rotation-password-1' });
    const { secret } = (await setup.json()) as { secret: string };
    expect((await guest.postJson('/api/auth/mfa/totp/confirm', { code: await codeAt(server!, secret) })).status).toBe(200);
    const cards = await seatCards(admin);
    expect(cards.length).toBeGreaterThan(0);

    // Rotation: the new secret and key first, the old ones still accepted.
    await serve(port, `${NEW_SESSION},${OLD_SESSION}`, `${NEW_KEY},${OLD_KEY}`);
    expect(await reveal(admin)).toEqual({ status: 200, body: { success: true, password: 'demo-Beans-2024' } });
    const newcomer = await signedInAdmin(server!.url);

    const run = await promisify(execFile)('npm', ['run', '--silent', 'secrets:reseal'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        SECRETS_KEY: `${NEW_KEY},${OLD_KEY}`,
        LOG_LEVEL: 'warn',
      },
    });
    expect(run.stdout).toContain('secrets:reseal: 1 password(s) sealed again with the first SECRETS_KEY, 0 already were.');
    // Every seat of both demo stores has a code; the first store's cards are among them.
    const seatsResealed = Number(/secrets:reseal: (\d+) seat code\(s\) sealed again, 0 already were\./.exec(run.stdout)?.[1] ?? 0);
    expect(seatsResealed).toBeGreaterThanOrEqual(cards.length);
    expect(run.stdout).toContain('secrets:reseal: 1 authenticator secret(s) sealed again, 0 already were.');
    expect(run.stdout).toMatch(/secrets:reseal: [1-9]\d* personal data key\(s\) sealed again, 0 already were\./);

    // The old secret and key dropped: the password opens with the new key; the session made
    // after the rotation stays; one signed only with the dropped secret is over.
    await serve(port, NEW_SESSION, NEW_KEY);
    expect(
      await waitForAnswer(
        () => reveal(newcomer),
        (a) => a.status === 200,
        600,
      ),
    ).toEqual({ status: 200, body: { success: true, password: 'demo-Beans-2024' } });
    expect((await reveal(admin)).status).toBe(401);
    expect((await reveal(httpClient(server!.url))).status).toBe(401);

    // Everything sealed under the dropped key opens: the seat cards keep their codes, the guest
    // signs in with the password (their data key opens its hash) and the app's next code.
    expect(await seatCards(newcomer)).toEqual(cards);
    await server!.advanceClock(30_000);
    const signingIn = httpClient(server!.url);
    expect(await (await signingIn.postJson('/api/auth/login', { email: 'rotation@moncafe.test', password: 'rotation-password-1' })).json()).toMatchObject({
      mfa_required: true,
    });
    const verified = await signingIn.postJson('/api/auth/mfa/verify', { code: await codeAt(server!, secret) });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(await verified.json()).toMatchObject({ success: true, user: { name: '鍵替 花子', email: 'rotation@moncafe.test' } });
  }, 300_000);
});

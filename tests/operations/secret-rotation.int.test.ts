import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { signedInAdmin } from '../support/table-order';
import { freePort, startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';

/**
 * Rotating SESSION_SECRET and SECRETS_KEY (decision 178), across restarts of a real server on one
 * PostgreSQL database: a session signed with the old secret still works after the rotation;
 * `npm run secrets:reseal` seals the demo supplier's password with the new key, after which the
 * old key can be dropped and the password still opens.
 */
const serverUrl = await postgresUrl();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OLD_SESSION = 'old-session-secret-of-thirty-two-characters';
const NEW_SESSION = 'new-session-secret-of-thirty-two-characters';
const OLD_KEY = 'old-secrets-key-of-at-least-thirty-two-chars';
const NEW_KEY = 'new-secrets-key-of-at-least-thirty-two-chars';
const SUPPLIER = 'demo-supplier-beans';

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
  }, 240_000);
});

import { spawnSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run admin:reset-password` against a data folder, as the owner runs it. */
function resetPassword(dataDir: string) {
  return spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/worker/src/reset-admin-password.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const passwordIn = (text: string) => /Password:\s+(\S+)/.exec(text)?.[1] ?? null;

async function signsIn(url: string, email: string, password: string): Promise<number> {
  return (await httpClient(url).postJson('/api/auth/login', { email, password })).status;
}

describe('the first start without configured admin credentials', () => {
  const servers: TestWebServer[] = [];
  afterAll(async () => {
    for (const s of servers.reverse()) await s.close();
  });

  it(
    'ends its output with the generated credentials in a box, keeps them in a file only the owner reads, and admin:reset-password gives a new one that signs in',
    { timeout: 180_000 },
    async () => {
      const first = await startTestWebServer({ env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', DEMO_DATA: '0' } });
      servers.push(first);
      await until(() => first.output().trimEnd().endsWith('+'), { timeoutMs: 10_000, everyMs: 50, what: 'the closing box' });
      const lines = first.output().trimEnd().split('\n');
      const served = lines.findIndex((l) => l.startsWith('MonCafe: http'));
      const box = lines.slice(served + 1);
      expect(box[0]).toMatch(/^\+-+\+$/);
      expect(box.at(-1)).toBe(box[0]);
      expect(box.every((l) => l.startsWith('|') || l === box[0])).toBe(true);
      expect(box.join('\n')).toContain('admin@moncafe.local');
      const password = passwordIn(box.join('\n'))!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      // Never in the structured log, only in the box and the file.
      expect(lines.slice(0, served).join('\n')).not.toContain(password);

      const file = path.join(first.dataDir, 'admin-credentials.txt');
      expect(box.join('\n')).toContain(file);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(passwordIn(await readFile(file, 'utf8'))).toBe(password);
      expect(await signsIn(first.url, 'admin@moncafe.local', password)).toBe(200);

      // While the server has the embedded database open, the reset is refused, not raced.
      const refused = resetPassword(first.dataDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('is in use by process');

      await first.stop();
      const reset = resetPassword(first.dataDir);
      expect(reset.status, reset.stderr).toBe(0);
      const newPassword = passwordIn(reset.stdout)!;
      expect(newPassword).not.toBe(password);
      expect(passwordIn(await readFile(file, 'utf8'))).toBe(newPassword);

      // The same data folder served again: the new password signs in, the old one no longer does,
      // and the start's last line says where the credentials are kept (never the password again).
      const again = await startTestWebServer({ env: { DATA_DIR: first.dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', DEMO_DATA: '0' } });
      servers.push(again);
      await until(() => again.output().includes('admin-credentials.txt'), { timeoutMs: 10_000, everyMs: 50, what: 'the closing line' });
      expect(again.output().trimEnd().split('\n').at(-1)).toContain(file);
      expect(again.output()).not.toContain(newPassword);
      expect(await signsIn(again.url, 'admin@moncafe.local', newPassword)).toBe(200);
      expect(await signsIn(again.url, 'admin@moncafe.local', password)).toBe(401);
    },
  );
});

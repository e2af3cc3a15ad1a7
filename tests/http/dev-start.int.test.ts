import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/production';
import { until } from '../support/until';
import { freePort } from '../support/web-server';

/**
 * `npm run dev` (Vite's dev server, hot reload) serves pages. With React Router 8 the router
 * ships a development build behind the `development` export condition: Vite loads it for the
 * routes, so the process must load the same one (`node --conditions=development`), or the
 * router refuses the context server.ts hands it ("Invalid `context` value") and every page is a 500.
 */
describe('npm run dev', () => {
  it('serves /moncafe', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-dev-'));
    let output = '';
    const child = spawn('npm', ['run', 'dev'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'owner@moncafe.test',
        ADMIN_PASSWORD: 'owner-password-for-dev-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await until(() => /MonCafe: http:\/\/\S+\/moncafe/.test(output) || child.exitCode !== null, {
        timeoutMs: 120_000,
        everyMs: 100,
        what: 'npm run dev to serve',
      });
      const response = await fetch(`http://127.0.0.1:${port}/moncafe`);
      expect(response.status, output.slice(-2000)).toBe(200);
      expect(output).not.toContain('Invalid `context` value');
    } finally {
      // npm, node and Vite's workers: the whole group this test started.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm start with a bad configuration value', () => {
  it('stops with one line that names the variable', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/web/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATA_DIR: '/nonexistent-never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^configuration error: PORT /);
  });
});

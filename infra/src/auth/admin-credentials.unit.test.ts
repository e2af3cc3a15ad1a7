import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { boxed, credentialsNotice, keepAdminCredentials } from './admin-credentials';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('admin credentials', () => {
  it('are kept in DATA_DIR (made if missing) in a file only the owner can read, also when one was there before', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'moncafe-cred-'));
    made.push(root);
    const dataDir = path.join(root, 'データ');
    const first = await keepAdminCredentials(dataDir, { email: 'admin@moncafe.local', password: 'first-secret' }, new Date('2026-11-23T00:00:00Z'));
    expect(first).toBe(path.join(dataDir, 'admin-credentials.txt'));
    await writeFile(first, 'old', { mode: 0o644 });
    await keepAdminCredentials(dataDir, { email: 'admin@moncafe.local', password: 'second-secret' }, new Date());
    expect((await stat(first)).mode & 0o777).toBe(0o600);
    const text = await readFile(first, 'utf8');
    expect(text).toContain('Password: second-secret');
    expect(text).not.toContain('first-secret');
  });

  it('are printed in a box whose right edge lines up, Japanese path included', () => {
    const lines = credentialsNotice('MonCafe: first admin', {
      email: 'admin@moncafe.local',
      password: 'pw',
      file: '/home/店主/.data/admin-credentials.txt',
      loginUrl: 'http://localhost:3000/login',
    });
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    const width = (line: string) => [...line].reduce((n, c) => n + (/[\u3000-\u9fff]/.test(c) ? 2 : 1), 0);
    for (const line of lines) expect(width(line)).toBe(lines[0]!.length);
    expect(boxed(['a'])).toEqual(['+---+', '| a |', '+---+']);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK, DataDirInUseError, openDatabase } from './connection';

describe('the embedded database folder', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is refused to a second process while the first runs, taken over from one that died, and freed on close', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-lock-'));
    dirs.push(dataDir);
    const lock = path.join(dataDir, DATA_DIR_LOCK);
    // Another process that is running holds it (this test's parent stands in for `npm start`).
    await writeFile(lock, String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    // A process that has ended left its file behind.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(lock, ended.stdout);
    const handle = await openDatabase({ dataDir });
    try {
      expect((await handle.pool.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
    expect(existsSync(lock)).toBe(false);
  });

  it('is not claimed for an in-memory database: every process has its own, and none writes a folder named after it', async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'moncafe-memory-'));
    dirs.push(cwd);
    const before = process.cwd();
    process.chdir(cwd);
    try {
      // Another running process's lock where a claim of memory:// would look (two test workers at once).
      await mkdir('memory:', { recursive: true });
      await writeFile(path.join('memory:', DATA_DIR_LOCK), String(process.ppid));
      const handle = await openDatabase({ dataDir: 'memory://' });
      try {
        expect((await handle.pool.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
      } finally {
        await handle.close();
      }
    } finally {
      process.chdir(before);
    }
  });
});

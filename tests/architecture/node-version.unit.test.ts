import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { node24, repoRoot } from '../support/production';

/**
 * Decision 170: Node 24 comes from the registry (the pinned `node` devDependency), and every npm
 * script — `npm test` included — and every child process a test starts with `process.execPath`
 * (test servers, builds, bench) runs on it, on a machine whose own Node is older.
 */
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

describe('Node 24', () => {
  it('runs the tests and the children they start', () => {
    expect(major(process.version)).toBe(24);
    expect(major(execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }))).toBe(24);
    expect(major(execFileSync(node24(), ['--version'], { encoding: 'utf8' }))).toBe(24);
  });

  it('is pinned exactly, its install script approved, and engines asks for the same major', () => {
    expect(manifest.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(manifest.allowScripts.node).toBe(true);
    expect(manifest.engines.node).toMatch(/^\^24\./);
  });
});

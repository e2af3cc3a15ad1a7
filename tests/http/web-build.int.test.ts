import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureBuild } from '../../apps/web/server';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/build/client/assets');

describe('the web build', () => {
  it('ships React’s production bundle, also when a server started under NODE_ENV=test makes it', async () => {
    // What a test server does when there is no build yet (`npm test` builds first; a lone test file may not).
    expect(process.env.NODE_ENV).toBe('test');
    ensureBuild();
    const scripts = await Promise.all((await readdir(assets)).filter((file) => file.endsWith('.js')).map((file) => readFile(path.join(assets, file), 'utf8')));
    // The production bundle points to React's error decoder; only the development one checks DOM nesting.
    expect(scripts.some((text) => text.includes('react.dev/errors'))).toBe(true);
    expect(scripts.filter((text) => text.includes('validateDOMNesting'))).toEqual([]);
  }, 300_000);
});

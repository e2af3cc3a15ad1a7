import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretBox, secretsKey } from './secret-box';

describe('secret box', () => {
  it('seals so that the text is not readable and opens it again with the same key only', () => {
    const box = secretBox('a-key-of-at-least-thirty-two-characters');
    const sealed = box.seal('supplier-pass-123');
    expect(sealed).not.toContain('supplier-pass-123');
    expect(sealed).toMatch(/^v1\./);
    expect(box.seal('supplier-pass-123')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed)).toBe('supplier-pass-123');
    expect(() => secretBox('another-key-of-at-least-thirty-two-chars').open(sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => box.open(tampered)).toThrow();
  });

  it('keeps a generated key in the data folder, for this user only, and reads the same one again', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-secrets-'));
    try {
      const [first] = await secretsKey({ secretsKeys: undefined, dataDir });
      expect(first!.length).toBeGreaterThanOrEqual(32);
      expect(await secretsKey({ secretsKeys: undefined, dataDir })).toEqual([first]);
      expect((await readFile(path.join(dataDir, 'secrets.key'), 'utf8')).trim()).toBe(first);
      expect((await stat(path.join(dataDir, 'secrets.key'))).mode & 0o077).toBe(0);
      expect(await secretsKey({ secretsKeys: ['configured-key-of-thirty-two-characters'], dataDir })).toEqual(['configured-key-of-thirty-two-characters']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('after a rotation seals with the new key and still opens what the old one sealed', () => {
    const oldKey = 'the-old-key-of-at-least-thirty-two-chars';
    const newKey = 'the-new-key-of-at-least-thirty-two-chars';
    const sealedBefore = secretBox(oldKey).seal('pass-before');
    const rotated = secretBox([newKey, oldKey]);
    expect(rotated.open(sealedBefore)).toBe('pass-before');
    expect(rotated.sealedWithNewest(sealedBefore)).toBe(false);
    const sealedAfter = rotated.seal('pass-after');
    expect(rotated.sealedWithNewest(sealedAfter)).toBe(true);
    // Once the old key is dropped, what the new one sealed still opens; the old text no longer does.
    expect(secretBox(newKey).open(sealedAfter)).toBe('pass-after');
    expect(() => secretBox(newKey).open(sealedBefore)).toThrow();
  });
});

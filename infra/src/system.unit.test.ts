import { describe, expect, it } from 'vitest';
import { cryptoIds } from './system';

describe('cryptoIds.uuid (decision 482)', () => {
  it('makes version-7 ids that sort in the order they were made, even within one millisecond', () => {
    const made = Array.from({ length: 2_000 }, () => cryptoIds.uuid());
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('starts each id with the time it was made, so an index takes new ids on its last page', () => {
    const before = Date.now();
    const id = cryptoIds.uuid();
    const after = Date.now();
    const millis = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(after);
  });
});

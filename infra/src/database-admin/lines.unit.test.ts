import { describe, expect, it } from 'vitest';
import { DatabaseAdminError, linesOf } from './database-admin';

async function all(chunks: (string | Uint8Array)[]) {
  const lines: string[] = [];
  for await (const line of linesOf(chunks)) lines.push(line);
  return lines;
}

describe('NDJSON lines from chunks', () => {
  it('splits lines across chunk borders, including a character cut in two, and keeps a last line without newline', async () => {
    const bytes = new TextEncoder().encode('{"a":"予約"}\n{"b":2}\n{"c":3}');
    // Cut inside the three bytes of 予.
    const cut = bytes.indexOf(0xe4) + 1;
    expect(await all([bytes.slice(0, cut), bytes.slice(cut, 15), bytes.slice(15)])).toEqual(['{"a":"予約"}', '{"b":2}', '{"c":3}']);
    expect(await all(['x\n', '\n', 'y\n'])).toEqual(['x', '', 'y']);
  });

  // The bad-input walk (decision 270): random bytes posted to /api/admin/database/import were the decoder's TypeError, a 500.
  it('refuses bytes that are not UTF-8 as an invalid line, naming the line, also when cut at the end', async () => {
    const bad = all([new TextEncoder().encode('{"a":1}\n{"b":'), new Uint8Array([0xff, 0x0a])]);
    await expect(bad).rejects.toBeInstanceOf(DatabaseAdminError);
    await expect(bad).rejects.toMatchObject({ code: 'invalid_line', detail: { line: 2, reason: 'not UTF-8' } });
    await expect(all([new Uint8Array([0x41, 0xe3, 0x81])])).rejects.toMatchObject({ code: 'invalid_line', detail: { line: 1 } });
  });
});

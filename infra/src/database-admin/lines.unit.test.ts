import { describe, expect, it } from 'vitest';
import { linesOf } from './database-admin';

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
});

import http from 'node:http';
import fc from 'fast-check';

/**
 * The bad-input walk's pieces (decision 270): what a hostile or broken client sends, as
 * fast-check arbitraries, and one raw HTTP/1.1 request on a kept-alive socket — raw, because
 * fetch will neither put a body on a GET nor send a lone surrogate or a bare `%` in a URL.
 */

/** Text no form or call should store, and text that tries the parsers' edges. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  '\u202Eキーケ',
  'ケ\u2066ーキ\u2069',
  '\u200F\u200E\u061C',
  'ケーキ\r\n【無料】',
  'a\u0007\u0085b',
  '<script>alert(1)</script>',
  "'; drop table events; --",
  '../../etc/passwd',
  '%00',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '9999-12-31',
  '0000-01-01',
  '+275760-09-13',
  '2026-02-30',
  '2026-13-01',
  '9999-12',
  '0000-00',
  '2026-13',
  '-0001-01',
  '1970-01-01T00:00:00Z',
  '25:00',
  '12:60',
  '24:00',
  '99:99:99',
  '𠮷野家🍰',
  'ｱｲｳｴｵ',
];

/** Numbers a field taking a count, a price or a position may meet. */
export const hostileNumbers: readonly number[] = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
];

export interface Plausible {
  storeId: string;
  today: string;
  month: string;
  ids: readonly string[];
}

/** Values that look right, so a probe also gets past the first check and deeper into a call. */
export function plausibleValue(p: Plausible): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>(p.storeId, p.today, p.month, '12:00', '18:30', 1, 2, 4, 100, 'cash', 'text', 'staff', true, false, ...p.ids);
}

/** `huge`: the lengths of the longest strings (a body's take it past a field's cap and its 64 KiB; a URL's stay within the 16 KiB of headers). */
export function hostileString(huge: readonly number[] = [1_001, 5_001, 20_000, 70_000]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(...huge).map((n) => 'あ'.repeat(n)) },
  );
}

/** Any JSON value, leaning on the hostile ones; `depth` bounds nesting. */
export function hostileValue(p: Plausible, depth = 2): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: hostileString() },
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...hostileNumbers) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, '') },
    { weight: 4, arbitrary: plausibleValue(p) },
    // Huge arrays.
    { weight: 1, arbitrary: fc.constantFrom(1_000, 10_000).map((n) => Array.from({ length: n }, (_, i) => i)) },
  );
  if (depth <= 0) return leaf;
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(hostileValue(p, depth - 1), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom('id', 'label', 'menu_id', 'quantity', 'options', 'date', 'x'), hostileValue(p, depth - 1), { maxKeys: 3 }),
    },
  );
}

/** An object with some of `fields` (missing ones are missing fields) and perhaps an extra one. */
export function hostileObject(fields: readonly string[], p: Plausible): fc.Arbitrary<Record<string, unknown>> {
  const names = fields.length ? fields : ['id'];
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...names), hostileValue(p), { maxKeys: Math.min(names.length, 8) }),
      fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'success', 'é\u0000'), hostileValue(p, 0)), { freq: 3 }),
    )
    .map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
}

/** A string form field's value (forms carry text only). */
export function hostileFormValue(p: Plausible): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileString() },
    { weight: 2, arbitrary: plausibleValue(p).map((v) => String(v)) },
    { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers).map(String) },
  );
}

/**
 * One percent-encoded query value or path segment, including what encodeURIComponent refuses:
 * a lone surrogate's UTF-8 bytes, bare `%`, overlong encodings, `..`.
 */
export function hostileUrlPart(p: Plausible): fc.Arbitrary<string> {
  return fc.oneof(
    // Percent-encoded あ is 9 bytes: 300 of them past any field's cap, a few together within Node's 16 KiB of headers.
    { weight: 3, arbitrary: hostileString([101, 300]).map(encodeLoose) },
    { weight: 2, arbitrary: plausibleValue(p).map((v) => encodeURIComponent(String(v))) },
    { weight: 2, arbitrary: fc.constantFrom('%ED%A0%80', '%', '%zz', '%C0%80', '%E0%A4%A', '..', '%2e%2e', '%2F', 'a%00', '%EF%BF%BF') },
  );
}

/** encodeURIComponent, but a lone surrogate becomes the bytes a careless client would send. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first 64 KiB of the answer. */
  body: string;
  /** Whether the request went out on a socket an earlier request had used (keep-alive). */
  reusedSocket: boolean;
}

/**
 * One request on `agent` (keep-alive, one socket): the answer's status, headers and up to
 * 64 KiB of its body. A server-sent event stream is cut after its head.
 */
export function rawRequest(base: URL, agent: http.Agent, request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method: request.method, path: request.path, headers: request.headers, agent, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => ({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          reusedSocket: req.reusedSocket,
        });
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          req.destroy();
          resolve(answer());
          return;
        }
        res.on('data', (chunk: Buffer) => {
          if (size < 65_536) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve(answer()));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within 60 s: ${request.method} ${request.path.slice(0, 200)}`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

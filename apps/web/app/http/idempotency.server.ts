import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import { runOnce, type KeptAnswer } from '@moncafe/infra/idempotency/idempotency-keys';
import { readCookie, sessionCookieName } from '@moncafe/infra/auth/sessions';
import { sha256Hex } from '@moncafe/infra/system';
import { appOf, clientAddressContext } from '#app/context';
import { clientKeyOf, RESERVATION_SESSION_COOKIE } from './reservation-session.server';
import { callTexts } from './texts';

/**
 * Commands safe to send twice (decision 260): a request with an
 * `Idempotency-Key` header runs once per key and client; the same key with the same request
 * answers the first answer again (status, body, cookies it set) with `Idempotent-Replayed: true`
 * and appends nothing; the same key with another request is 409; while the first is still
 * running, a second waits for it (up to 10 s), then 409 with Retry-After.
 *
 * `jsonCall` uses it for the calls that opt in (`idempotent: true`); a form action calls it too:
 *
 *   return idempotentAnswer({ request, context, fingerprint: Object.fromEntries(form) }, () => run());
 *
 * A request without the header runs as before. Answers of 5xx or 429 (nothing decided) are not
 * kept: the key is free again for the retry.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
/** Headers of the first answer sent again with it. */
const KEPT_HEADERS = new Set(['content-type', 'location']);

export interface IdempotentRequest {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** What the request asks for (its parsed body, parameters, query): a different one with the same key is a 409. */
  fingerprint: unknown;
}

export async function idempotentAnswer(input: IdempotentRequest, produce: () => Promise<Response>): Promise<Response> {
  const key = input.request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return produce();
  if (!KEY_PATTERN.test(key)) return refusal(400, callTexts.idempotencyKeyInvalid);
  const { runtime } = appOf(input.context);
  const url = new URL(input.request.url);
  // The table holds a digest of the key and the answer sealed with a secret derived from the key:
  // a kept answer (a guest's token, a session cookie) is readable only by whoever sends the key.
  const outcome = await runOnce(
    runtime.idempotency,
    {
      scope: scopeOf(input.request, input.context),
      key: sha256Hex(`idempotency-key:${key}`),
      fingerprint: sha256Hex(JSON.stringify([input.request.method, url.pathname, canonical(input.fingerprint)])),
    },
    produce,
    (response) => keepable(response, key),
  );
  switch (outcome.kind) {
    case 'ran':
      return outcome.result;
    case 'replay':
      return replayed(outcome.answer, key);
    case 'conflict':
      return refusal(409, callTexts.idempotencyKeyReused);
    case 'in_flight': {
      const answer = refusal(409, callTexts.idempotencyInFlight);
      answer.headers.set('Retry-After', '1');
      return answer;
    }
    default:
      return outcome satisfies never;
  }
}

/**
 * Who sent the request, so that one client can never be answered with another's kept answer:
 * the table-order token it shows, else the staff session, else the reservation session, else
 * (a first request from a browser with none of them, like a phone's check-in) its address.
 */
function scopeOf(request: Request, context: Readonly<RouterContextProvider>): string {
  const { runtime } = appOf(context);
  const authorization = request.headers.get('authorization');
  const cookies = request.headers.get('cookie');
  const session = readCookie(cookies, sessionCookieName(runtime.config.production));
  const reservation = readCookie(cookies, RESERVATION_SESSION_COOKIE);
  const who = authorization?.startsWith('Bearer ')
    ? `token:${authorization.slice(7)}`
    : session
      ? `session:${session}`
      : reservation
        ? `reservation:${reservation}`
        : `client:${clientKeyOf(context.get(clientAddressContext), runtime.signing) ?? 'unknown'}`;
  return sha256Hex(who);
}

/** Kept unless nothing was decided (a server error, a database away, a rate limit). */
async function keepable(response: Response, key: string): Promise<KeptAnswer | null> {
  if (response.status >= 500 || response.status === 429) return null;
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (KEPT_HEADERS.has(name)) headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  return { status: response.status, headers: [], body: seal(JSON.stringify({ headers, body: await response.clone().text() }), key) };
}

function replayed(answer: KeptAnswer, key: string): Response {
  const kept = JSON.parse(unseal(answer.body, key)) as { headers: [string, string][]; body: string };
  const headers = new Headers();
  for (const [name, value] of kept.headers) headers.append(name, value);
  headers.set('Idempotent-Replayed', 'true');
  headers.set('Cache-Control', 'no-store');
  return new Response(answer.status === 204 || answer.status === 304 ? null : kept.body, { status: answer.status, headers });
}

const secretOf = (key: string) => createHash('sha256').update(`idempotency-seal:${key}`).digest();

/** AES-256-GCM under a secret derived from the client's key: iv, tag and ciphertext, base64url. */
function seal(text: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretOf(key), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unseal(sealed: string, key: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', secretOf(key), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

function refusal(status: number, error: string): Response {
  return Response.json({ success: false, error, field: IDEMPOTENCY_HEADER }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** JSON with object keys sorted, so the same request always has the same fingerprint; bytes as their digest. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: sha256Hex(value) };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

import { lifetimeOfPath } from './cache-lifetimes';
import { newIdempotencyKey } from './idempotency-key';
import type { ErrorEnvelope } from './json.server';
import { callTexts } from './texts';

/**
 * The browser side of the JSON calls (customer-site.md §7, §8): JSON with credentials, GET
 * answers cached per URL with a lifetime by path (the table in cache-lifetimes.ts), identical
 * in-flight requests shared, and the spec's 429 and 502 rules. Time, fetch and waiting are
 * injected, so every rule is a unit test (api-client.unit.test.ts); the screens use the one
 * browser instance, `callJson`, typed with the call's answer:
 *
 *   const r = await callJson<AllocateAnswer>('/api/customery-day/allocate-seat', { body });
 *   if (r.ok) r.body.seat_ids   // AllocateAnswer (exported beside the route)
 *   else r.body.error           // the error envelope (or nothing, when the network failed)
 */
export type CallResult<T> = CallOutcome & ({ ok: true; body: T } | { ok: false; body: Partial<ErrorEnvelope> & Partial<T> });

interface CallOutcome {
  status: number;
  /** The spec's message for a failure it names (429, or the third 502 in a row), else null. */
  message: string | null;
  /**
   * Whether the screen should alert now: false for a 429 while the error-shown flag is still set
   * (another 429 was already shown within 30 seconds), so a burst alerts once.
   */
  notify: boolean;
}

export interface CallOptions {
  /** PUT and DELETE where the spec's call table says so (shift corrections, task ticks, removals). */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Bytes to post as they are (a picture), instead of a JSON body. */
  upload?: Blob;
  /** Page loads on the customer information page: a 429 is retried once after this many ms (spec: 3 s). */
  retryAfter429Ms?: number;
  /** A GET with an effect or a one-time answer (the confirmation link): never read from or kept in the cache. */
  noStore?: boolean;
  /**
   * The user action's Idempotency-Key (decision 260). A call that is not a GET sends one: this
   * one when the screen resends an action (kept in an outbox), else a new one for the call,
   * which its own retry (the 429 rule) reuses.
   */
  idempotencyKey?: string;
}

export interface ApiClientDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Epoch milliseconds. */
  now: () => number;
  /** Resolves after `ms`; only used for the 429 retry. */
  wait: (ms: number) => Promise<void>;
  warn?: (...args: unknown[]) => void;
  /** A new Idempotency-Key (default: idempotency-key.ts). */
  uuid?: () => string;
}

/** How long a GET answer from this URL is kept (cache-lifetimes.ts), in milliseconds. */
export function cacheLifetimeMs(url: string): number {
  return lifetimeOfPath(new URL(url, 'http://cache.invalid').pathname) * 1000;
}

/** 429: a per-URL counter within 60 seconds; the error-shown flag resets after 30 seconds. */
export const RATE_LIMIT_COUNT_WINDOW_MS = 60_000;
export const RATE_LIMIT_SHOWN_RESET_MS = 30_000;
/** 502: three or more consecutive errors on one URL within 5 seconds. */
export const BAD_GATEWAY_WINDOW_MS = 5_000;
export const BAD_GATEWAY_LIMIT = 3;

export function createApiClient(deps: ApiClientDeps) {
  const warn = deps.warn ?? ((...args: unknown[]) => console.warn(...args));
  const uuid = deps.uuid ?? newIdempotencyKey;
  const cache = new Map<string, { expiresAt: number; result: CallResult<unknown> }>();
  const inFlight = new Map<string, Promise<CallResult<unknown>>>();
  const rateLimited = new Map<string, number[]>();
  const badGateways = new Map<string, number[]>();
  const lastAlert = new Map<string, number>();
  let rateLimitShownAt: number | null = null;

  /** Counts this URL's 429s within the last 60 s (the count is logged; the flag decides the alert). */
  function record429(url: string, now: number): { count: number; notify: boolean } {
    const times = (rateLimited.get(url) ?? []).filter((t) => now - t < RATE_LIMIT_COUNT_WINDOW_MS);
    times.push(now);
    rateLimited.set(url, times);
    const notify = rateLimitShownAt === null || now - rateLimitShownAt >= RATE_LIMIT_SHOWN_RESET_MS;
    if (notify) rateLimitShownAt = now;
    return { count: times.length, notify };
  }

  /** Counts consecutive 502s on this URL within 5 s; any other answer starts the count again. */
  function record502(url: string, now: number): boolean {
    const times = (badGateways.get(url) ?? []).filter((t) => now - t < BAD_GATEWAY_WINDOW_MS);
    times.push(now);
    badGateways.set(url, times);
    return times.length >= BAD_GATEWAY_LIMIT;
  }

  async function send<T>(
    url: string,
    method: NonNullable<CallOptions['method']>,
    body: unknown,
    upload: Blob | undefined,
    idempotencyKey: string | null,
  ): Promise<CallResult<T>> {
    let response: Response;
    try {
      const sent: { headers: Record<string, string>; body?: BodyInit } = upload
        ? { headers: { 'Content-Type': upload.type || 'application/octet-stream' }, body: upload }
        : body === undefined
          ? { headers: {} }
          : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      if (idempotencyKey) sent.headers['Idempotency-Key'] = idempotencyKey;
      response = await deps.fetch(url, { method, credentials: 'include', ...sent, headers: { Accept: 'application/json', ...sent.headers } });
    } catch (error) {
      warn('call failed', url, error);
      return { ok: false, status: 0, body: {}, message: null, notify: false };
    }
    // The answer's shape is the call's (its route exports the type); a body that is not JSON reads as {}.
    const parsed = (await response.json().catch(() => ({}))) as T & Partial<ErrorEnvelope>;
    const now = deps.now();
    if (response.status === 429) {
      const { count, notify } = record429(url, now);
      warn('rate limited', url, { count });
      return { ok: false, status: 429, body: parsed, message: callTexts.tooManyRequests, notify };
    }
    if (response.status === 502) {
      const many = record502(url, now);
      return { ok: false, status: 502, body: parsed, message: many ? callTexts.badGateway : null, notify: many };
    }
    badGateways.delete(url);
    return response.ok
      ? { ok: true, status: response.status, body: parsed, message: null, notify: false }
      : { ok: false, status: response.status, body: parsed, message: null, notify: false };
  }

  async function callJson<T = Record<string, unknown>>(url: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const method = options.method ?? (options.body === undefined && !options.upload ? 'GET' : 'POST');
    const key = `${method} ${url} ${options.body === undefined ? '' : JSON.stringify(options.body)}`;
    const cacheable = method === 'GET' && !options.noStore;
    if (cacheable) {
      const hit = cache.get(url);
      if (hit && deps.now() < hit.expiresAt) return hit.result as CallResult<T>;
      if (hit) cache.delete(url);
    }
    // An upload is never shared with another: each picture is its own request.
    const pending = options.upload ? undefined : inFlight.get(key);
    if (pending) return pending as Promise<CallResult<T>>;
    const idempotencyKey = method === 'GET' ? null : (options.idempotencyKey ?? uuid());
    const run = (async () => {
      try {
        let result = await send<T>(url, method, options.body, options.upload, idempotencyKey);
        if (result.status === 429 && options.retryAfter429Ms !== undefined) {
          // The pending entry stays while waiting, so a repeat of the same load joins the retry.
          await deps.wait(options.retryAfter429Ms);
          result = await send<T>(url, method, options.body, options.upload, idempotencyKey);
        }
        if (cacheable && result.ok) cache.set(url, { expiresAt: deps.now() + cacheLifetimeMs(url), result });
        return result;
      } finally {
        if (!options.upload) inFlight.delete(key);
      }
    })();
    if (!options.upload) inFlight.set(key, run);
    return run;
  }

  /** True at most once per `windowMs` for one key (the day screen's times alert: once per 5 s). */
  function alertAllowed(key: string, windowMs: number): boolean {
    const now = deps.now();
    const last = lastAlert.get(key);
    if (last !== undefined && now - last < windowMs) return false;
    lastAlert.set(key, now);
    return true;
  }

  return { callJson, alertAllowed };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's one client: the global fetch (read per call, so tests may stub it), the wall clock and timers. */
export const browserApiClient: ApiClient = createApiClient({
  fetch: (url, init) => globalThis.fetch(url, init),
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

export const callJson = browserApiClient.callJson;
export const alertAllowed = browserApiClient.alertAllowed;

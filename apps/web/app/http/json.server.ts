import type { RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import { DomainError } from '@moncafe/domain/decider';
import { unstorableTextIn } from '@moncafe/domain/text';
import { rateLimitAll, type RateLimitRule } from '@moncafe/infra/auth/rate-limit';
import { databaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@moncafe/infra/db/unavailable';
import { getUser } from '#app/auth/session.server';
import { authTexts } from '#app/auth/texts';
import { appOf, clientAddressContext, correlationIdOf, type WebApp } from '#app/context';
import { pageLanguageOf, type Language } from '#app/i18n/language';
import { cacheLifetimes, type CacheLifetime } from './cache-lifetimes';
import { firstProblem, japaneseIssue, type FieldLabels } from './field-errors';
import { idempotentAnswer } from './idempotency.server';
import { readAfterCookie } from './read-after.server';
import { clientKeyOf, liveVisit, readReservationSession, secureCookies } from './reservation-session.server';
import { callTexts } from './texts';

/**
 * The one HTTP edge of the JSON calls. Every `/api` route is
 *
 *   export const action = jsonCall({
 *     body: z.object({ … }),                       // parsed with zod; 400 naming the field
 *     errors: { seats_full: { status: 409, error: t.seatsFull } },   // DomainError code → answer
 *     handle: ({ body, services, correlationId }) => services.booking.…(…),
 *   });
 *   export type Answer = AnswerOf<typeof action>;   // what the screens read (callJson<Answer>)
 *
 * and this module does the rest the same way for all of them: JSON bodies and query strings
 * checked with zod (bodies capped in size), the answer with its Cache-Control (the lifetimes of
 * cache-lifetimes.ts), the error envelope `{ success: false, error, field? }` with the right
 * status, rate limits, the reservation session cookie, and unexpected errors logged with the
 * correlation id and answered without details. See apps/web/README.md and decision 028.
 */

export interface CallArgs {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
}

/** The error envelope every refusal is answered with. */
export interface ErrorEnvelope {
  success: false;
  error: string;
  /** The request field at fault, dotted (`reservationData.cart`), when one is. */
  field?: string;
  message?: string;
}

/**
 * A call's answer to an expected DomainError: the envelope with a status, or — where the spec
 * wants another shape for it — a whole answer (`{ status: 200, answer: { seat_ids: [] … } }`).
 */
export type ErrorAnswer = { status: number; error: string; field?: string } | { status: number; answer: Record<string, unknown> };
/**
 * DomainError code → answer; `otherwise` answers any other DomainError the call may meet. A
 * function is handed the request's language (guest calls; Japanese on the operations paths).
 */
export type ErrorTable = Readonly<Record<string, ErrorAnswer | ((error: DomainError, language: Language) => ErrorAnswer)>>;

/** One table per language as one table (decision 392): each code answers in the request's language. */
export function errorsByLanguage(tables: Readonly<Record<Language, ErrorTable>>): ErrorTable {
  return Object.fromEntries(
    Object.keys(tables.ja).map((code) => [
      code,
      (error: DomainError, language: Language): ErrorAnswer => {
        const entry = tables[language][code] ?? tables.ja[code]!;
        return typeof entry === 'function' ? entry(error, language) : entry;
      },
    ]),
  );
}

type BodySpec = z.ZodType | 'bytes' | undefined;
type BodyOf<B> = B extends z.ZodType ? z.output<B> : B extends 'bytes' ? Uint8Array : undefined;
type QueryOf<Q> = Q extends z.ZodType ? z.output<Q> : undefined;

/** What a call's `handle` gets: the parsed request and the application, nothing to wire. */
export interface CallInput<Body, Query> {
  body: Body;
  query: Query;
  params: Readonly<Record<string, string | undefined>>;
  request: Request;
  /** The request's router context, for helpers shared with page loaders and actions (app/auth). */
  context: Readonly<RouterContextProvider>;
  /** Every use case (domain/src/application.ts). */
  services: WebApp['services'];
  /** Read-model queries (projections/src/queries.ts). */
  queries: WebApp['queries'];
  /** The web process's config, logger and clock, for what the edge itself decides. */
  runtime: WebApp['runtime'];
  /** Carried by the command's events and every log line about this call. */
  correlationId: string;
  clientAddress: string | null;
  user(): Promise<SignedInUser | null>;
  /**
   * The signed-in account that sends a staff call, for its command's actor and roles; signed out,
   * the call ends 401 (the route table already keeps such calls to signed-in roles). Never a
   * made-up actor such as 'staff'.
   */
  caller(): Promise<SignedInUser>;
  /** The browser's reservation session id; a new one's cookie is set on the answer. */
  reservationSession(): string;
  /** When the session's live visit of the day screen began (signed by the day screen's loader), or null. */
  reservationVisit(): Date | null;
  /** A keyed digest of the client's address (its /64 for IPv6) for per-client lines; null when unknown. */
  clientKey(): string | null;
  /** Read-your-writes: waits (bounded) until the read models have applied the command at `position`. */
  readYourWrites(position: number | null): Promise<void>;
  /** Waits (bounded) until the read models have applied everything written so far (a bill read right after an order). */
  readAllWrites(): Promise<void>;
  /**
   * Answers without waiting for the read models: this browser's next requests wait, before their
   * loader or call, until the read models hold `position` (a signed cookie, read-after.server.ts,
   * decision 483). For a command sent often whose answer shows nothing the read models hold.
   * Null (nothing new was written, a resend): nothing to wait for.
   */
  readersWaitFor(position: number | null): void;
  /**
   * Counts `rules` now, in their order, and ends the call with 429 at the first one over (a rule
   * after it is not counted). For a call whose request is only known valid inside its use case:
   * it passes `() => limit(rules)` as the use case's `admit`, so an invalid request uses up nobody's allowance (decision 052).
   */
  limit(rules: readonly RateLimitRule[]): Promise<void>;
}

/** The methods an action is sent with (a loader is GET). */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallSpec<B extends BodySpec, Q extends z.ZodType | undefined, A> {
  /** A zod schema for a JSON body, or `'bytes'` for a raw upload. */
  body?: B;
  query?: Q;
  /**
   * The successful answer's shape, for the described API (GET /api/openapi.json, decision 665):
   * a zod schema of the JSON answer, or the media type of an answer that is not JSON (a CSV, a
   * picture). Without it the document says only "JSON"; the HTTP suites check every answer they
   * receive against what the document says.
   */
  answer?: z.ZodType | { media: string };
  /** The methods an action is sent with, as the screens send them (default POST); a loader is GET. */
  methods?: readonly WriteMethod[];
  /** Largest body accepted, in bytes (default 64 KiB); larger ones answer 413. */
  maxBodyBytes?: number;
  /** A successful answer may be kept this long (the table in cache-lifetimes.ts); default no-store. */
  cache?: CacheLifetime;
  /** The spec's answer for each DomainError code this call expects. */
  errors?: ErrorTable;
  /** The screen's labels by field key: a refused body's message names the field by its label, never its key. */
  labels?: FieldLabels;
  /**
   * The store the call reads, when it names one (a report's `store_id`): a store that never
   * existed is refused 404 unknown_store before `handle`, instead of answered with a report of
   * nothing. A closed store is still a store: its history stays reportable. Null: no store named.
   */
  store?: (input: CallInput<BodyOf<B>, QueryOf<Q>>) => string | null;
  /** Rate limits checked after parsing and before `handle`, in order; the first one over answers 429 and the rest are not counted. */
  limits?: (input: CallInput<BodyOf<B>, QueryOf<Q>>) => readonly RateLimitRule[];
  /**
   * A command a device may send twice: with an `Idempotency-Key` header it runs once per key and
   * client, and the same request again gets the first answer (idempotency.server.ts, decision 260).
   */
  idempotent?: boolean;
  /** One service call (or query), its result mapped to the answer. A Response is sent as it is. */
  handle(input: CallInput<BodyOf<B>, QueryOf<Q>>): Promise<A | Response> | A | Response;
}

/** What the described API reads from a call's spec (apps/web/app/http/openapi.server.ts). */
export interface CallDescription {
  body?: BodySpec;
  query?: z.ZodType | undefined;
  answer?: z.ZodType | { media: string } | undefined;
  methods?: readonly WriteMethod[] | undefined;
  errors?: ErrorTable | undefined;
  idempotent?: boolean | undefined;
  cache?: CacheLifetime | undefined;
}

/**
 * A route's loader or action made by `jsonCall`; it remembers its answer's type for `AnswerOf`,
 * and its spec for the described API.
 */
export type JsonCall<A> = ((args: CallArgs) => Promise<Response>) & { readonly __answer?: A; readonly described: CallDescription };
/** The successful answer of a call, as the screens read it: `callJson<AnswerOf<typeof action>>`. */
export type AnswerOf<C> = C extends JsonCall<infer A> ? Exclude<A, Response> : never;

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Refusals every call shares unless its own table says otherwise. */
const sharedErrors: ErrorTable = {
  no_store: { status: 404, error: callTexts.noStore },
  unknown_store: { status: 404, error: callTexts.unknownStore },
};

class Refusal extends Error {
  constructor(
    readonly answer: ErrorEnvelope,
    readonly status = 400,
  ) {
    super(answer.error);
  }
}

export function jsonCall<B extends BodySpec = undefined, Q extends z.ZodType | undefined = undefined, A = unknown>(spec: CallSpec<B, Q, A>): JsonCall<A> {
  const { body, query, answer, methods, errors, idempotent, cache } = spec;
  return Object.assign(call, { described: { body, query, answer, methods, errors: { ...sharedErrors, ...errors }, idempotent, cache } });

  async function call({ request, params, context }: CallArgs): Promise<Response> {
    const app = appOf(context);
    const { runtime } = app;
    const correlationId = correlationIdOf(context);
    const headers = new Headers({ 'X-Correlation-Id': correlationId });
    let session: string | null = null;
    const reservationSession = () => {
      if (session) return session;
      const read = readReservationSession(request, { secure: secureCookies(runtime.config) });
      if (read.setCookie) headers.append('Set-Cookie', read.setCookie);
      session = read.id;
      return session;
    };
    try {
      // Every string a call receives is storable text: a path parameter (a link's token) too.
      if (unstorableTextIn(params) !== null) throw textRefusal('params');
      const input: CallInput<BodyOf<B>, QueryOf<Q>> = {
        body: (await parseBody(request, spec.body, spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, spec.labels)) as BodyOf<B>,
        query: parseQuery(request, spec.query) as QueryOf<Q>,
        params,
        request,
        context,
        services: app.services,
        queries: app.queries,
        runtime,
        correlationId,
        clientAddress: context.get(clientAddressContext),
        user: () => getUser(request, context),
        async caller() {
          const signedIn = await getUser(request, context);
          if (!signedIn) throw new Refusal({ success: false, error: authTexts.unauthenticated }, 401);
          return signedIn;
        },
        reservationSession,
        reservationVisit: () => liveVisit(request, reservationSession(), runtime.clock.now(), runtime.signing),
        clientKey: () => clientKeyOf(context.get(clientAddressContext), runtime.signing),
        readYourWrites: (position) => runtime.waitForProjections(position),
        readAllWrites: async () => runtime.waitForProjections(await runtime.eventStore.headPosition()),
        readersWaitFor(position) {
          if (position !== null) headers.append('Set-Cookie', readAfterCookie(position, { signing: runtime.signing, secure: secureCookies(runtime.config) }));
        },
        async limit(rules) {
          const limited = await rateLimitAll(runtime, rules);
          if (!limited.ok) throw tooManyRequests(limited.retryAfterSeconds);
        },
      };
      const named = spec.store?.(input) ?? null;
      if (named !== null && !(await app.queries.stores.get(named))) throw new DomainError('unknown_store', `no store ${named}`);
      const rules = spec.limits?.(input) ?? [];
      if (rules.length) {
        const limited = await rateLimitAll(runtime, rules);
        if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, headers);
      }
      const answer = async (): Promise<Response> => {
        try {
          const answer = await spec.handle(input);
          if (answer instanceof Response) return withHeaders(answer, headers);
          if (spec.cache) headers.set('Cache-Control', `public, max-age=${cacheLifetimes[spec.cache].seconds}`);
          return json(answer, 200, headers);
        } catch (error) {
          return failure(error);
        }
      };
      // A retried command (Idempotency-Key) runs once: its answer, kept, is the retry's (decision 260).
      if (!spec.idempotent) return await answer();
      const kept = await idempotentAnswer({ request, context, fingerprint: { params, query: input.query, body: input.body } }, answer);
      if (!kept.headers.has('X-Correlation-Id')) kept.headers.set('X-Correlation-Id', correlationId);
      return kept;
    } catch (error) {
      return failure(error);
    }

    function failure(error: unknown): Response {
      if (error instanceof Response) return withHeaders(error, headers);
      // A body refused unread is drained (or its connection closed) by the outermost layer (answer-edge.ts).
      if (error instanceof Refusal) return json(error.answer, error.status, headers);
      if (error instanceof DomainError) {
        const entry = spec.errors?.[error.code] ?? sharedErrors[error.code] ?? spec.errors?.otherwise;
        if (entry) {
          const answer = typeof entry === 'function' ? entry(error, pageLanguageOf(request)) : entry;
          return 'answer' in answer
            ? json(answer.answer, answer.status, headers)
            : json({ success: false, error: answer.error, ...(answer.field ? { field: answer.field } : {}) }, answer.status, headers);
        }
      }
      if (databaseUnavailable(error)) return serviceUnavailable(headers);
      runtime.logger.error({ err: error, correlationId, path: new URL(request.url).pathname }, 'call failed');
      return json({ success: false, error: callTexts.serverError } satisfies ErrorEnvelope, 500, headers);
    }
  }
}

/**
 * Ends a call with the error envelope, for a refusal the route decides itself (an id that names
 * nothing, a store that does not exist): `refuse(404, 'not found', { message: 'store not found' })`.
 */
export function refuse(status: number, error: string, details: { field?: string; message?: string } = {}): never {
  throw new Refusal({ success: false, error, ...details }, status);
}

/** The 429 answer: the spec's message and Retry-After (also the security middleware's general /api limit). */
export function tooManyRequests(retryAfterSeconds: number, headers = new Headers()): Response {
  headers.set('Retry-After', String(retryAfterSeconds));
  return json({ success: false, error: callTexts.tooManyRequests } satisfies ErrorEnvelope, 429, headers);
}

/** The database is away (restarting, failing over): try again shortly, nothing was done (decision 194). */
export function serviceUnavailable(headers = new Headers()): Response {
  headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return json({ success: false, error: callTexts.unavailable } satisfies ErrorEnvelope, 503, headers);
}

/** JSON with Cache-Control no-store unless the headers already say otherwise. */
function json(body: unknown, status: number, headers: Headers): Response {
  const sent = new Headers(headers);
  if (!sent.has('Cache-Control') || status !== 200) sent.set('Cache-Control', 'no-store');
  return Response.json(body, { status, headers: sent });
}

function withHeaders(response: Response, headers: Headers): Response {
  try {
    headers.forEach((value, name) => (name === 'set-cookie' ? response.headers.append(name, value) : response.headers.set(name, value)));
    return response;
  } catch {
    // Immutable headers (a fetched response): copy once.
    const copy = new Response(response.body, response);
    headers.forEach((value, name) => (name === 'set-cookie' ? copy.headers.append(name, value) : copy.headers.set(name, value)));
    return copy;
  }
}

/** True for the refusal `readBytes` throws for a body over its cap. */
export function bodyTooLarge(error: unknown): boolean {
  return error instanceof Refusal && error.status === 413;
}

/** U+0000 or an unpaired surrogate anywhere in what was sent: PostgreSQL cannot keep it, and it was a 500 (decision 054). */
function textRefusal(field: string): Refusal {
  return new Refusal({ success: false, error: callTexts.textRefused, field });
}

function parseQuery(request: Request, schema: z.ZodType | undefined): unknown {
  const entries = [...new URL(request.url).searchParams];
  if (unstorableTextIn(entries) !== null) throw textRefusal('query');
  if (!schema) return undefined;
  const parsed = schema.safeParse(Object.fromEntries(entries), { error: japaneseIssue });
  if (parsed.success) return parsed.data;
  throw new Refusal({ success: false, error: 'invalid query', ...firstProblem(parsed.error, 'query') });
}

async function parseBody(request: Request, spec: BodySpec, maxBytes: number, labels?: FieldLabels): Promise<unknown> {
  if (!spec) return undefined;
  const bytes = await readBytes(request, maxBytes);
  if (spec === 'bytes') return bytes;
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Refusal({ success: false, error: callTexts.checkRequiredFields, field: 'body', message: callTexts.jsonRequired });
  }
  if (unstorableTextIn(raw) !== null) throw textRefusal('body');
  const parsed = spec.safeParse(raw, { error: japaneseIssue });
  if (parsed.success) return parsed.data;
  throw new Refusal({ success: false, error: callTexts.checkRequiredFields, ...firstProblem(parsed.error, 'body', labels) });
}

/**
 * The body, refused with 413 as soon as it is known to be larger than `maxBytes` (by its
 * Content-Length, or while it streams in): never read in full first, so a 100 MB body costs nothing (decision 054).
 * Thrown as the edge's refusal; `bodyTooLarge` tells it apart for code outside `jsonCall`.
 */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new Refusal({ success: false, error: callTexts.tooLarge, field: 'body' }, 413);
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      // Not cancelled: that would destroy the connection under the 413. The outermost layer drops the rest.
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

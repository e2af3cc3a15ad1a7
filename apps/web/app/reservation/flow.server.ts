import { createHash, randomBytes } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { DomainError } from '@moncafe/domain/decider';
import { bookingFlow, type BookingFlow } from '@moncafe/domain/reservation/booking-flow';
import { dependencySpecOf, optionSpecOf, type DependencySpec, type OptionSpec } from '@moncafe/domain/reservation/detail';
import { listMenuOptions, listOptionDependencies } from '@moncafe/projections/menus/queries';
import { listNotices } from '@moncafe/projections/email-notices/queries';
import { getStore } from '@moncafe/projections/stores/queries';
import type { Runtime } from '@moncafe/infra/runtime';
import { DEFAULT_NOTICES } from '@moncafe/infra/mail/reservation-mail';
import { getRuntime } from '../context';

/**
 * Server side of the reservation calls: the booking flow wired to the runtime, the reservation
 * session cookie, JSON bodies checked with zod, and the answers the spec's screens expect.
 */

const flows = new WeakMap<Runtime, BookingFlow>();

export const sha256Hex = (token: string) => createHash('sha256').update(token).digest('hex');

export function flowOf(runtime: Runtime): BookingFlow {
  let flow = flows.get(runtime);
  if (!flow) {
    flow = bookingFlow({
      eventStore: runtime.eventStore,
      ids: runtime.ids,
      clock: runtime.clock,
      catalog: runtime.reservationCatalog,
      hashToken: sha256Hex,
    });
    flows.set(runtime, flow);
  }
  return flow;
}

export function reservationRuntime(context: Readonly<RouterContextProvider>) {
  const runtime = getRuntime(context);
  return { runtime, flow: flowOf(runtime) };
}

/** The reservation session: one random id per browser, in an HttpOnly cookie, that owns its seat hold. */
export const SESSION_COOKIE = 'moncafe_rsv';

export function reservationSession(request: Request): { id: string; setCookie: string | null } {
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{22,64})`).exec(cookie);
  if (match?.[1]) return { id: match[1], setCookie: null };
  const id = randomBytes(16).toString('base64url');
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return { id, setCookie: `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure}` };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Cache-Control', 'no-store');
  return Response.json(body, { ...init, headers });
}

/** The spec's "check required fields" answer: 400 naming the first bad field. */
export class BadRequest extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw new BadRequest('body', 'JSON の本文が必要です');
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new BadRequest(issue?.path.map(String).join('.') || 'body', issue?.message ?? 'invalid');
}

/** Wraps a call: a bad body answers 400, an unexpected error is logged with its correlation id and answers 500. */
export async function answer(context: Readonly<RouterContextProvider>, handle: (correlationId: string) => Promise<Response>): Promise<Response> {
  const runtime = getRuntime(context);
  const correlationId = runtime.ids.uuid();
  try {
    return await handle(correlationId);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof BadRequest)
      return json({ success: false, error: '必須項目を確認してください', field: error.field, message: error.message }, { status: 400 });
    if (error instanceof DomainError && error.code === 'no_store') return json({ success: false, error: '店舗が登録されていません' }, { status: 404 });
    runtime.logger.error({ err: error, correlationId }, 'reservation call failed');
    return json({ success: false, error: 'サーバーエラーが発生しました。しばらくしてから再試行してください。' }, { status: 500 });
  }
}

export const dateSchema = z.iso.date();
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
export const peopleSchema = z.coerce.number().int().min(1).max(6);
export const menuIdsSchema = z.array(z.coerce.string().max(120)).max(50).default([]);

export async function optionSpecs(runtime: Runtime, menuIds: readonly string[]): Promise<{ options: OptionSpec[]; dependencies: DependencySpec[] }> {
  const rows = await listMenuOptions(runtime.db, menuIds);
  const deps = (await Promise.all([...new Set(menuIds)].map((id) => listOptionDependencies(runtime.db, id)))).flat();
  return {
    options: rows.map((o) => optionSpecOf(o.option_id, o)),
    dependencies: deps.map(dependencySpecOf),
  };
}

/** Active notices of the store (title and content), or the two default notices when there are none. */
export async function noticesFor(runtime: Runtime, storeId: string | null): Promise<string[]> {
  const rows = await listNotices(runtime.db, { ...(storeId ? { storeId } : {}), activeOnly: true });
  const texts = rows.map((n) => (n.title ? `${n.title}：${n.content}` : n.content));
  return texts.length ? texts : [...DEFAULT_NOTICES];
}

export async function storeName(runtime: Runtime, storeId: string): Promise<string> {
  return (await getStore(runtime.db, storeId))?.name ?? 'MonCafe';
}

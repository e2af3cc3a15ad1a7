import { z } from 'zod';
import type { Role } from '@moncafe/domain/account/events';
import type { LiveFrame } from '@moncafe/infra/live/hub';
import { sealedStreamIds } from '@moncafe/infra/live/stream-ids';
import { getUser } from '#app/auth/session.server';
import { storeLimitOf } from '#app/auth/store-access.server';
import { DomainError } from '@moncafe/domain/decider';
import { appOf, clientAddressContext, getRuntime } from '#app/context';
import type { Route } from './+types/route';

const FLOOR: readonly Role[] = ['admin', 'monitor'];

/**
 * Who may follow each topic: reference-data changes are public; the schedule, kitchen and
 * per-reservation updates are for the floor (admin or monitor), as their screens are. A guest's
 * order screen follows its own reservation with its table-order token instead (`token=`, since
 * EventSource cannot send headers): the topic opens while the token lives (decision 064).
 */
function rolesFor(topic: string): readonly Role[] | 'public' | null {
  if (topic === 'catalog') return 'public';
  if (topic === 'admin' || topic === 'schedule' || topic === 'kitchen') return FLOOR;
  if (/^reservation:[A-Za-z0-9-]{1,64}$/.test(topic)) return FLOOR;
  return null;
}

const query = z.object({
  topics: z
    .string()
    .default('catalog')
    .transform((v) => new Set(v.split(',').filter(Boolean))),
});

/** The reservation a live table-order token opens, or null (none sent, malformed, unknown or dead). */
async function reservationOfToken(token: string | null, context: Route.LoaderArgs['context']): Promise<string | null> {
  if (!token) return null;
  try {
    return (await appOf(context).services.table.verifyToken(token)).reservationId;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** One `token-refused` frame, then the end of the stream (decision 064). */
function tokenRefused(): Response {
  return new Response('retry: 60000\n\nevent: token-refused\ndata: {}\n\n', {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Comments keep proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

/**
 * An SSE frame with its id as `idOf` writes it: the position (the floor's streams), the position
 * sealed for a guest's own stream, or none (a public stream), so nobody outside the floor learns
 * how busy the store is (decisions 055, 165).
 */
function frame({ id, event, data }: LiveFrame, idOf: ((position: number) => string) | null): string {
  const idLine = idOf ? `id: ${idOf(id)}\n` : '';
  if (event === undefined) return idOf ? `${idLine}\n` : '';
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}

/** A frame about another store than `stores` (its `store_id`) keeps only its position, so the stream still resumes from it. */
function withinStores(f: LiveFrame, stores: string[] | null): LiveFrame {
  if (stores === null || f.data === null || typeof f.data !== 'object') return f;
  const storeId = (f.data as { store_id?: unknown }).store_id;
  return typeof storeId === 'string' && !stores.includes(storeId) ? { id: f.id } : f;
}

/** A Last-Event-ID is a position: digits, a safe integer. */
const LAST_EVENT_ID = /^\d{1,15}$/;

/**
 * `/live`: Server-Sent Events. The event id stands for the global position (the position itself
 * on the floor's streams, sealed on a guest's), so a browser that reconnects sends
 * `Last-Event-ID` and receives exactly what it missed, read from the store.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const url = new URL(request.url);
  const parsed = query.safeParse({ topics: url.searchParams.get('topics') ?? undefined });
  if (!parsed.success) return Response.json({ error: 'invalid query', field: 'topics' }, { status: 400 });
  const topics = parsed.data.topics;
  const unknown = [...topics].filter((t) => rolesFor(t) === null);
  if (unknown.length > 0) return Response.json({ error: 'invalid query', field: 'topics', topics: unknown }, { status: 400 });
  const restricted = [...topics].flatMap((t) => {
    const roles = rolesFor(t);
    return roles === 'public' || roles === null ? [] : [{ topic: t, roles }];
  });
  const token = url.searchParams.get('token');
  const opened = await reservationOfToken(token, context);
  // A guest's token that no longer opens its reservation (ended with a waiver, or the visit is
  // over) is told so in the stream's own terms, so the phone stops following instead of retrying.
  if (token && opened === null) return tokenRefused();
  const guarded = restricted.filter(({ topic }) => opened === null || topic !== `reservation:${opened}`);
  // A limited monitor's floor stream carries its stores' frames only (decision 400).
  let ownStores: string[] | null = null;
  if (guarded.length > 0) {
    const user = await getUser(request, context);
    if (!user) return Response.json({ error: 'authentication required', field: 'topics' }, { status: 401 });
    const refused = guarded.filter(({ roles }) => !roles.some((r) => user.roles.includes(r))).map(({ topic }) => topic);
    if (refused.length > 0) return Response.json({ error: 'forbidden topic', field: 'topics', topics: refused }, { status: 403 });
    ownStores = await storeLimitOf(appOf(context).queries, user, 'monitor');
  }

  // The floor's streams (signed in, by role) carry positions and resume from Last-Event-ID. A
  // guest's own stream (opened by its token alone) resumes too, from ids sealed for it: they tell
  // the phone nothing of the store's activity, and a made-up one starts from now. A public stream
  // (catalog changes) carries no ids and starts from now; its screens reload on reconnect.
  const lastEventId = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId');
  let idOf: ((position: number) => string) | null = null;
  let after: number | null = null;
  if (guarded.length > 0) {
    if (lastEventId !== null && !LAST_EVENT_ID.test(lastEventId)) {
      return Response.json({ error: 'invalid query', field: 'lastEventId' }, { status: 400 });
    }
    idOf = String;
    after = lastEventId !== null ? Number(lastEventId) : null;
  } else if (opened !== null && restricted.length > 0) {
    const scope = `reservation:${opened}`;
    const ids = sealedStreamIds(runtime.signing);
    idOf = (position) => ids.seal(scope, position);
    after = lastEventId !== null ? ids.open(scope, lastEventId) : null;
  }

  const encoder = new TextEncoder();
  const abort = new AbortController();
  request.signal.addEventListener('abort', () => abort.abort(), { once: true });
  if (!runtime.live.claim(context.get(clientAddressContext) ?? 'unknown', abort.signal)) {
    abort.abort();
    return Response.json({ error: 'too many streams' }, { status: 429, headers: { 'Retry-After': '30' } });
  }

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (text && !abort.signal.aborted) controller.enqueue(encoder.encode(text));
      };
      const keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
      abort.signal.addEventListener(
        'abort',
        () => {
          clearInterval(keepalive);
          try {
            controller.close();
          } catch {
            // already closed by the client going away
          }
        },
        { once: true },
      );
      write('retry: 3000\n\n');
      // The process is stopping (decision 175): a short retry hint, then the end of the stream,
      // so the browser reconnects at once — through the load balancer, to a process that stays.
      const onStopping = () => {
        write('retry: 500\n\n');
        abort.abort();
      };
      if (runtime.live.stopping.aborted) onStopping();
      else runtime.live.stopping.addEventListener('abort', onStopping, { once: true });
      abort.signal.addEventListener('abort', () => runtime.live.stopping.removeEventListener('abort', onStopping), { once: true });
      runtime.live
        .open({ topics, after, signal: abort.signal }, (f) => write(frame(withinStores(f, ownStores), idOf)))
        .catch((error: unknown) => {
          runtime.logger.error({ err: error }, 'live stream failed');
          abort.abort();
        });
    },
    cancel() {
      abort.abort();
    },
  });

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  });
}

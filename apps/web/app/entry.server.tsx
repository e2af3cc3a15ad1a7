import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { NonceProvider } from '#app/auth/nonce';
import { STAND_IN_NONCE } from '#app/http/kept-pages';
import { sharedAnswerKind } from '#app/http/render-once.server';
import { databaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@moncafe/infra/db/unavailable';
import { appOf, keptPageTicketContext, nonceContext } from './context';

/**
 * React Router's default node entry, plus the CSP nonce: the security middleware makes one per
 * response, and every inline script React Router writes (the hydration data, <Scripts>,
 * <ScrollRestoration>) must carry it or the browser refuses to run it.
 */
export const streamTimeout = 5_000;

/**
 * Public pages whose content changes only with the catalog and the date — the route's `handle`
 * says `{ renderOnce: true }` and its loader answers a value from the reference-data cache, or it
 * has no loader at all (a shell the browser fills) — are rendered once with a stand-in nonce and
 * kept beside that value (or the route module); later visits only swap in their own nonce
 * (decision 043: per request only what changes per request). A catalog change drops the value, and
 * the rendered page goes with it. Routes above the page may bring only answers marked the same
 * for every visit (`http/render-once.server.ts`: the root's guest header); their kinds are part
 * of the key, so a signed-in visitor's page is rendered for that visit alone. Each answer says in
 * `Server-Timing` whether it was a kept page (`page;desc="kept"`) or rendered for it. A page kept
 * from a cached loader answer for a guest is also handed to the door in front of React Router
 * (decision 460, http/kept-pages.ts), which answers the next such visit without the router.
 */
const renderedPages = new WeakMap<object, Map<string, string>>();
const MAX_PAGES_PER_ANSWER = 16;

function renderOnceKey(request: Request, status: number, routerContext: EntryContext): { data: object; key: string } | null {
  if (request.method.toUpperCase() !== 'GET' || status !== 200) return null;
  const { matches, loaderData, actionData, errors } = routerContext.staticHandlerContext;
  const leaf = matches.at(-1);
  if (!leaf || actionData || errors) return null;
  const module = routerContext.routeModules[leaf.route.id];
  if ((module?.handle as { renderOnce?: boolean } | undefined)?.renderOnce !== true) return null;
  // Above the page, nothing may bring data of this visit's own.
  const kinds: string[] = [];
  for (const match of matches.slice(0, -1)) {
    const above: unknown = loaderData[match.route.id];
    if (above === undefined) continue;
    const kind = sharedAnswerKind(above);
    if (kind === null) return null;
    kinds.push(`${match.route.id}=${kind}`);
  }
  const key = `${kinds.join('&')} ${request.url}`;
  const data: unknown = loaderData[leaf.route.id];
  if (typeof data === 'object' && data !== null) return { data, key };
  // A page without a loader is the same for every visit: kept with its module.
  if (data === undefined && !leaf.route.loader && module) return { data: module, key };
  return null;
}

/**
 * Hands a kept page to the door (decision 460) when the door left this request a ticket (a guest's
 * GET) and the page says nothing of its own to this visit: no cookie set, no other timing.
 */
function keepAtTheDoor(loadContext: RouterContextProvider, data: object, html: string, status: number, headers: Headers) {
  const ticket = loadContext.get(keptPageTicketContext);
  if (!ticket || headers.has('Set-Cookie') || headers.has('Server-Timing')) return;
  appOf(loadContext).keptPages.keep(ticket, data, { html, status, headers: [...headers] });
}

/** The whole page as one string (everything ready), for a page rendered once. */
function renderWhole(routerContext: EntryContext, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={STAND_IN_NONCE}>
        <ServerRouter context={routerContext} url={url} nonce={STAND_IN_NONCE} />
      </NonceProvider>,
      {
        nonce: STAND_IN_NONCE,
        onAllReady() {
          const body = new PassThrough();
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          body.on('error', reject);
          pipe(body);
        },
        onShellError: reject,
        onError: reject,
      },
    );
    setTimeout(() => abort(), streamTimeout).unref();
  });
}

/**
 * What React Router logs: server errors, with their stack, for the operator. A refusal of the
 * client's own making (a 4xx route error response: a GET on an action-only call, a path no route
 * matches) is answered and not logged, so a probe cannot fill the log with stack traces
 * (decision 054).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // The database restarting is answered 503 with Retry-After (handleRequest), not logged as a fault.
  if (databaseUnavailable(error)) return;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader that failed because the database is away (a restart): 503 with Retry-After, so a
  // client or a proxy tries again shortly instead of taking the page for broken (decision 194).
  if (responseStatusCode === 500 && Object.values(routerContext.staticHandlerContext.errors ?? {}).some(databaseUnavailable)) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    responseHeaders.set('Cache-Control', 'no-store');
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  const renderOnce = renderOnceKey(request, responseStatusCode, routerContext);
  if (renderOnce) {
    const pages = renderedPages.get(renderOnce.data) ?? new Map<string, string>();
    renderedPages.set(renderOnce.data, pages);
    const page = pages.get(renderOnce.key);
    const answer = (html: string, kept: boolean) => {
      responseHeaders.set('Content-Type', 'text/html');
      keepAtTheDoor(loadContext, renderOnce.data, html, responseStatusCode, responseHeaders);
      responseHeaders.append('Server-Timing', kept ? 'page;desc="kept"' : 'page;desc="rendered"');
      return new Response(html.replaceAll(STAND_IN_NONCE, nonce), { headers: responseHeaders, status: responseStatusCode });
    };
    if (page !== undefined) return answer(page, true);
    return renderWhole(routerContext, request.url).then((html) => {
      // Addresses differ only by their query, which a visitor chooses: keep a few, not every one.
      if (pages.size < MAX_PAGES_PER_ANSWER) pages.set(renderOnce.key, html);
      return answer(html, false);
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

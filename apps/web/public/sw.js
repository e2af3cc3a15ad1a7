/* global self, caches, fetch, URL */
/**
 * The kitchen's and the floor's tablet app (decision 664): registered by the /kitchen and
 * /monitor screens only, with those paths as its scopes, so guests' pages never pass through it.
 *
 * - Every read the tablet makes (the page, its JSON reads) goes to the network first; an answer
 *   is kept, and it is what the tablet shows when the line is down — the last state, never an
 *   invented one. An answer the network did give (a 401, a 503) is passed on as it is.
 * - The build's hashed files (/assets/…) never change, so they are served from the cache once
 *   kept: the shell opens with no network.
 * - Writes (bumps, recalls, answers to staff calls) are never touched here: the screens keep an
 *   unanswered one in their outbox with its Idempotency-Key and send it again (decision 261).
 * - Live streams pass by: an event stream cannot be replayed from a cache.
 *
 * The page tells the worker which files it was built from (`keep`), since the first load happens
 * before the worker controls it, and asks it to forget everything at sign-in (`forget`), so a
 * shared tablet never shows the last person's screens.
 */
const SHELL = 'moncafe-tablet-shell-v1';
const STATE = 'moncafe-tablet-state-v1';
/** The hashed files kept at most; the oldest go first (each deploy brings new names). */
const SHELL_LIMIT = 300;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('moncafe-tablet-') && name !== SHELL && name !== STATE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/** Tells the tablet's screens whether their reads reach the server, so they can say they are offline. */
async function tell(online) {
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: 'moncafe-line', online });
}

async function trimShell(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - SHELL_LIMIT)).map((key) => cache.delete(key)));
}

async function fromShell(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    await cache.put(request, answer.clone());
    await trimShell(cache);
  }
  return answer;
}

async function networkFirst(request) {
  try {
    const answer = await fetch(request);
    if (answer.status === 200) {
      const cache = await caches.open(STATE);
      await cache.put(request, answer.clone());
    }
    void tell(true);
    return answer;
  } catch (error) {
    void tell(false);
    const kept = await caches.match(request, { cacheName: STATE });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if ((request.headers.get('accept') ?? '').includes('text/event-stream') || url.pathname === '/live' || url.pathname.startsWith('/live/')) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(fromShell(request));
  else event.respondWith(networkFirst(request));
});

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'keep' && Array.isArray(message.assets) && typeof message.page === 'string') {
    event.waitUntil(
      (async () => {
        const shell = await caches.open(SHELL);
        const own = message.assets.filter((asset) => typeof asset === 'string' && new URL(asset, self.location.origin).origin === self.location.origin);
        await Promise.all(own.map(async (asset) => ((await shell.match(asset)) ? undefined : shell.add(asset).catch(() => undefined))));
        await trimShell(shell);
        // The page the tablet opened, as it is now: what a reload with no network shows.
        const state = await caches.open(STATE);
        const page = new URL(message.page, self.location.origin);
        if (page.origin === self.location.origin) {
          const answer = await fetch(page.href, { credentials: 'same-origin' }).catch(() => null);
          if (answer?.status === 200) await state.put(page.href, answer);
        }
      })(),
    );
  }
  if (message?.type === 'forget') event.waitUntil(caches.delete(STATE));
});

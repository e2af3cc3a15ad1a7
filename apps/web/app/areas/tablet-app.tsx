import { useEffect, useSyncExternalStore } from 'react';
import { useWaitingActions } from '#app/shared/outbox';
import { areaTexts } from './texts';

/**
 * The kitchen's and the floor's screens as an installable tablet app (decision 664): the service
 * worker in public/sw.js keeps the shell and the last reads, so a reload with the Wi-Fi gone
 * still opens on the last state; the screens' outboxes keep the taps made meanwhile.
 */

/** What the service worker last said of the line: false once a read could not reach the server. */
let workerSaysUp = true;
const listeners = new Set<() => void>();

function lineUp(): boolean {
  return navigator.onLine && workerSaysUp;
}

function subscribeToLine(changed: () => void): () => void {
  listeners.add(changed);
  const onWorkerMessage = (event: MessageEvent) => {
    const message = event.data as { type?: string; online?: boolean } | null;
    if (message?.type !== 'moncafe-line' || typeof message.online !== 'boolean' || message.online === workerSaysUp) return;
    workerSaysUp = message.online;
    for (const listener of listeners) listener();
  };
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  return () => {
    listeners.delete(changed);
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}

/** Whether this tablet reaches the server: the browser's word, and the worker's for a line that is up but goes nowhere. */
export function useLineUp(): boolean {
  return useSyncExternalStore(subscribeToLine, lineUp, () => true);
}

/** The files this page was built from (the build's hashed assets), for the worker to keep. */
function pageAssets(): string[] {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .concat([...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.href))
    .concat([...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src));
  return [...new Set(urls.filter((url) => new URL(url).pathname.startsWith('/assets/')))];
}

/**
 * Registers the tablet's service worker for `scope` (/kitchen, /monitor) and hands it the page
 * and its files. Only where the browser has service workers: HTTPS or localhost, not a plain-HTTP
 * address on the shop's network, where the screens still keep their taps in their outboxes.
 */
function useTabletWorker(scope: string): void {
  useEffect(() => {
    const workers = navigator.serviceWorker;
    if (!workers) return;
    let cancelled = false;
    void workers
      .register('/sw.js', { scope })
      .then(async (registration) => {
        await workers.ready;
        if (cancelled) return;
        (registration.active ?? registration.waiting ?? registration.installing)?.postMessage({
          type: 'keep',
          page: window.location.href,
          assets: pageAssets(),
        });
      })
      .catch(() => {
        // A browser that refuses the worker (private mode, storage full) works online as before.
      });
    return () => {
      cancelled = true;
    };
  }, [scope]);
}

/** The tablet app of an area: its worker, and a plain notice while the line is down with the taps that wait. */
export function TabletApp({ scope }: { scope: string }) {
  useTabletWorker(scope);
  const up = useLineUp();
  const waiting = useWaitingActions();
  if (up) return null;
  return (
    <p className="tablet-offline" role="status" data-testid="tablet-offline" data-waiting={waiting}>
      {areaTexts.offline(waiting)}
    </p>
  );
}

/**
 * Forgets the tablet's kept screens: at sign-in, so a shared tablet never opens on the screens of
 * the person before (the worker keeps them per origin, not per person).
 */
export async function forgetTabletScreens(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? [];
  for (const registration of registrations) registration.active?.postMessage({ type: 'forget' });
}

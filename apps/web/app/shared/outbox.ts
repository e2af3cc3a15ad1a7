import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { browserStorage } from './browser-storage';

/**
 * Actions the browser has not heard an answer to (decision 261): each is kept
 * in localStorage with the Idempotency-Key it was first sent with, and sent again with that key
 * after a reload or once the connection is back, so nothing a person did is lost and nothing is
 * done twice (the server answers a resend with its first answer). An action leaves the outbox
 * when an answer came (whatever it says); a network failure or a 5xx keeps it.
 */
export interface OutboxEntry<T> {
  /** The Idempotency-Key the action is sent with, every time. */
  key: string;
  data: T;
  /** Epoch milliseconds it was first sent. */
  createdAt: number;
}

export interface Outbox<T> {
  list(): OutboxEntry<T>[];
  put(entry: OutboxEntry<T>): void;
  remove(key: string): void;
}

/** How often unanswered actions are sent again while any are kept. */
export const OUTBOX_RETRY_MS = 3_000;

/** Whether an answer leaves the action in the outbox: no answer (status 0) or one where nothing was decided. */
export function unanswered(status: number): boolean {
  return status === 0 || status >= 500;
}

/** Every outbox this page made, by its storage key: what the offline notice counts. */
const outboxKeys = new Set<string>();
/** Sent on the window whenever an outbox of this page changes. */
const OUTBOX_CHANGED = 'moncafe:outbox-changed';

export function browserOutbox<T>(storageKey: string, data: z.ZodType<T>): Outbox<T> {
  outboxKeys.add(storageKey);
  const entries = z.array(z.object({ key: z.string(), data, createdAt: z.number() }));
  const list = (): OutboxEntry<T>[] => {
    const raw = browserStorage()?.getItem(storageKey);
    if (!raw) return [];
    try {
      const parsed = entries.safeParse(JSON.parse(raw));
      return parsed.success ? (parsed.data as OutboxEntry<T>[]) : [];
    } catch {
      return [];
    }
  };
  const write = (next: OutboxEntry<T>[]) => {
    const storage = browserStorage();
    if (!storage) return;
    if (next.length === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(next));
    window.dispatchEvent(new Event(OUTBOX_CHANGED));
  };
  return {
    list,
    put(entry) {
      write([...list().filter((e) => e.key !== entry.key), entry]);
    },
    remove(key) {
      write(list().filter((e) => e.key !== key));
    },
  };
}

/**
 * Runs `flush` when the page opens, when the browser says it is online again, and every few
 * seconds while `pending` (a cut line does not always make the browser say so); never two at once.
 */
export function useOutboxFlush(flush: () => Promise<void>, pending: boolean): void {
  const running = useRef(false);
  // The screen's latest flush, run from the effects without setting them up again when it changes.
  const run = useEffectEvent(async () => {
    if (running.current) return;
    running.current = true;
    try {
      await flush();
    } finally {
      running.current = false;
    }
  });
  useEffect(() => {
    const go = () => void run();
    go();
    window.addEventListener('online', go);
    return () => window.removeEventListener('online', go);
  }, []);
  useEffect(() => {
    if (!pending) return;
    void run();
    const timer = setInterval(() => void run(), OUTBOX_RETRY_MS);
    return () => clearInterval(timer);
  }, [pending]);
}

/** How many actions wait in this page's outboxes, counted from storage (so another tab's too). */
function waitingNow(): number {
  const storage = browserStorage();
  if (!storage) return 0;
  let count = 0;
  for (const key of outboxKeys) {
    try {
      const kept: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      if (Array.isArray(kept)) count += kept.length;
    } catch {
      // A damaged entry is read as none, as the outbox itself reads it.
    }
  }
  return count;
}

/** Calls `changed` whenever an outbox changes, here or in another tab; returns the unsubscribe. */
export function subscribeToOutboxes(changed: () => void): () => void {
  window.addEventListener(OUTBOX_CHANGED, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(OUTBOX_CHANGED, changed);
    window.removeEventListener('storage', changed);
  };
}

/** The actions every outbox of this page still waits to send, kept up to date (0 on the server). */
export function useWaitingActions(): number {
  return useSyncExternalStore(subscribeToOutboxes, waitingNow, () => 0);
}

import { useEffect, useEffectEvent, useRef } from 'react';
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

export function browserOutbox<T>(storageKey: string, data: z.ZodType<T>): Outbox<T> {
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

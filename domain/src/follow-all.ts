import type { EventStore, RecordedEvent, Subscription } from './ports';

export interface FollowOptions {
  pageSize?: number;
  /** How long an idle follower sleeps before reading again when nothing wakes it. */
  pollMs?: number;
  /**
   * For stores that hold a committed event back from readers until older transactions end
   * (PostgreSQL, decision 040): true while an event after `after` is committed, whether held
   * back or committed since the last read. The follower then reads again soon (from 1 ms,
   * doubling up to `heldBackMaxWaitMs`) rather than sleeping until woken, since the transaction
   * it waits for may be one that appends nothing and announces nothing.
   */
  heldBack?: (after: number) => Promise<boolean>;
  heldBackMaxWaitMs?: number;
}

/**
 * A catch-up-then-live subscription built on `readAll`: read pages from the checkpoint until
 * the store has nothing newer, then sleep until `onAppend` wakes it (or `pollMs` passes, for
 * writers in other processes). Events come out in position order, each once.
 */
export function followAll(
  store: Pick<EventStore, 'readAll'>,
  after: number,
  onAppend: (wake: () => void) => () => void,
  options: FollowOptions = {},
): Subscription {
  const pageSize = options.pageSize ?? 500;
  const pollMs = options.pollMs ?? 1000;
  const heldBackMaxWaitMs = options.heldBackMaxWaitMs ?? 32;
  let closed = false;
  let wake: (() => void) | null = null;
  // Set by an append that lands while a page is being read, so the loop reads again at once.
  let appended = false;
  const unsubscribe = onAppend(() => {
    appended = true;
    wake?.();
  });

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));
  }

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    let checkpoint = after;
    let heldBackWait = 0;
    try {
      while (!closed) {
        appended = false;
        const page = await store.readAll({ after: checkpoint, maxCount: pageSize });
        for (const event of page) {
          if (closed) return;
          checkpoint = event.position;
          yield event;
        }
        if (page.length > 0) heldBackWait = 0;
        if (page.length < pageSize && !closed && !appended) {
          if (options.heldBack && (await options.heldBack(checkpoint))) {
            heldBackWait = Math.min(heldBackMaxWaitMs, Math.max(1, heldBackWait * 2));
            await sleep(heldBackWait);
          } else {
            heldBackWait = 0;
            if (!appended && !closed) await sleep(pollMs);
          }
        }
      }
    } finally {
      unsubscribe();
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      closed = true;
      wake?.();
      unsubscribe();
    },
  };
}

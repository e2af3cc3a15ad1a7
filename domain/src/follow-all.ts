import type { EventStore, RecordedEvent, Subscription } from './ports';

/**
 * A catch-up-then-live subscription built on `readAll`: read pages from the checkpoint until
 * the store has nothing newer, then sleep until `onAppend` wakes it (or `pollMs` passes, for
 * writers in other processes). Events come out in position order, each once.
 */
export function followAll(
  store: Pick<EventStore, 'readAll'>,
  after: number,
  onAppend: (wake: () => void) => () => void,
  options: { pageSize?: number; pollMs?: number } = {},
): Subscription {
  const pageSize = options.pageSize ?? 500;
  const pollMs = options.pollMs ?? 1000;
  let closed = false;
  let wake: (() => void) | null = null;
  // Set by an append that lands while a page is being read, so the loop reads again at once.
  let appended = false;
  const unsubscribe = onAppend(() => {
    appended = true;
    wake?.();
  });

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    let checkpoint = after;
    try {
      while (!closed) {
        appended = false;
        const page = await store.readAll({ after: checkpoint, maxCount: pageSize });
        for (const event of page) {
          if (closed) return;
          checkpoint = event.position;
          yield event;
        }
        if (page.length < pageSize && !closed && !appended) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
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

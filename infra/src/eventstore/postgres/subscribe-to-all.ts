import type pg from 'pg';
import type { RecordedEvent, Subscription } from '@moncafe/domain/ports';
import { followAll } from '@moncafe/domain/follow-all';
import type { NotificationListener } from './listener';
import { heldBack, readAll } from './read-all';

/** Re-reads while an event is held back by an older transaction: from 1 ms, doubling up to this. */
const HELD_BACK_MAX_WAIT_MS = 32;

/**
 * A store's subscriptions to all streams: each catches up from `after` and then follows, woken
 * by this process's appends (`wakeAll`) and, through the shared LISTEN connection, by other
 * processes' ones; `pollMs` is the fallback when a notification is lost. `closeAll` ends every
 * live one (the store's close).
 */
export function allStreamsSubscriptions(pool: pg.Pool, listener: NotificationListener | null, pollMs: number) {
  const waiters = new Set<() => void>();
  const subscriptions = new Set<Subscription>();

  function subscribeToAll(subscribeOptions?: { after?: number }): Subscription {
    listener?.retain();
    const inner = followAll(
      { readAll: (options) => readAll(pool, options) },
      subscribeOptions?.after ?? 0,
      (wake) => {
        waiters.add(wake);
        return () => waiters.delete(wake);
      },
      { pollMs, heldBack: (after) => heldBack(pool, after), heldBackMaxWaitMs: HELD_BACK_MAX_WAIT_MS },
    );
    let released = false;
    async function release() {
      if (released) return;
      released = true;
      subscriptions.delete(subscription);
      await listener?.release();
    }
    // Ending the iteration (a `break` out of `for await`) lets go of the LISTEN connection too.
    async function* iterate(): AsyncGenerator<RecordedEvent> {
      try {
        yield* inner;
      } finally {
        await release();
      }
    }
    const iterator = iterate();
    const subscription: Subscription = {
      [Symbol.asyncIterator]: () => iterator,
      async close() {
        await release();
        await inner.close();
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    subscribeToAll,
    wakeAll() {
      for (const wake of [...waiters]) wake();
    },
    async closeAll() {
      await Promise.all([...subscriptions].map((s) => s.close()));
    },
  };
}

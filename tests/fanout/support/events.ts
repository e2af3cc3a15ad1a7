import type { EventStore, NewEvent, RecordedEvent } from '@moncafe/domain/ports';

export function newEvent(storeId = 'store-1', type = 'OrderPlaced'): NewEvent {
  return {
    eventId: crypto.randomUUID(),
    type,
    data: { at: storeId },
    metadata: { correlationId: crypto.randomUUID(), causationId: null, actor: 'customer', storeId },
  };
}

/**
 * Appends `total` events over `streams` streams with `writers` concurrent writers, 1–3 events
 * per append, each writer owning its own streams (no conflicts). Returns the head position.
 */
export async function writeEvents(store: EventStore, options: { total: number; streams: number; writers: number; prefix: string }): Promise<number> {
  let remaining = options.total;
  let last = 0;
  await Promise.all(
    Array.from({ length: options.writers }, async (_, w) => {
      const revisions = new Map<string, number>();
      let i = 0;
      while (remaining > 0) {
        const size = Math.min(remaining, 1 + (i % 3));
        remaining -= size;
        const s = w + options.writers * (i % Math.max(1, Math.floor(options.streams / options.writers)));
        const streamId = `${['order', 'reservation', 'catalog'][s % 3]}-${options.prefix}-${s}`;
        const expected = revisions.get(streamId) ?? 'no_stream';
        const events = Array.from({ length: size }, () => newEvent(`store-${s % 2}`));
        const result = await store.appendToStream(streamId, events, { expectedRevision: expected });
        revisions.set(streamId, result.nextExpectedRevision);
        last = Math.max(last, result.lastPosition);
        i += 1;
      }
    }),
  );
  return last;
}

/**
 * The events after `after`, up to and including `head`, once a reader of all streams may see them
 * all. An append committed while an older transaction is open anywhere on the server (another
 * test file's, say) is held back from `readAll` until that one ends (decision 040), so
 * a test that has just written reads through the subscription, which waits for it.
 */
export async function readThrough(store: EventStore, after: number, head: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  if (head <= after) return events;
  const subscription = store.subscribeToAll({ after });
  try {
    for await (const event of subscription) {
      events.push(event);
      if (event.position >= head) break;
    }
  } finally {
    await subscription.close();
  }
  return events;
}

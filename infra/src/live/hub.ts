import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';

/** One message for live screens, named as the spec names it (`reservation-updated`, `new-order`, …). */
export interface LiveMessage {
  event: string;
  data: unknown;
  /** Who may receive it: 'catalog', 'admin', 'kitchen', `reservation:<id>` … */
  topics: readonly string[];
}

/** Turns a recorded event into the live messages it causes (none for most events). */
export type LiveMapper = (event: RecordedEvent) => LiveMessage[];

/** An SSE frame: the id is the event's global position, so a client resumes with Last-Event-ID. */
export interface LiveFrame {
  id: number;
  event?: string;
  data?: unknown;
}

export interface LiveHub {
  /** Called for every event as it is published (from the bus). */
  publish(event: RecordedEvent): void;
  /**
   * Streams frames for `topics`: first what was missed after `after` (read from the event
   * store), then live ones, each once and in order, until `signal` aborts.
   */
  open(options: { topics: ReadonlySet<string>; after: number | null; signal: AbortSignal }, send: (frame: LiveFrame) => void): Promise<void>;
}

export function createLiveHub(deps: { eventStore: Pick<EventStore, 'readAll' | 'headPosition'>; map: LiveMapper }): LiveHub {
  const listeners = new Set<(event: RecordedEvent) => void>();

  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },

    async open({ topics, after, signal }, send) {
      let sent = after ?? 0;
      const deliver = (event: RecordedEvent) => {
        if (event.position <= sent) return;
        sent = event.position;
        const messages = deps.map(event).filter((m) => m.topics.some((t) => topics.has(t)));
        for (const m of messages) send({ id: event.position, event: m.event, data: m.data });
      };

      // Listen first and hold live events back while catching up, so none falls in the gap.
      let buffer: RecordedEvent[] | null = [];
      const listener = (event: RecordedEvent) => (buffer ? buffer.push(event) : deliver(event));
      listeners.add(listener);
      signal.addEventListener('abort', () => listeners.delete(listener), { once: true });

      if (after === null) {
        // A fresh client learns where "now" is, so a reconnect right away misses nothing.
        sent = await deps.eventStore.headPosition();
        send({ id: sent });
      } else {
        for (;;) {
          const page = await deps.eventStore.readAll({ after: sent, maxCount: 500 });
          page.forEach(deliver);
          if (page.length < 500 || signal.aborted) break;
        }
        // Moves the client's Last-Event-ID past events that had no message for it.
        if (sent > after) send({ id: sent });
      }
      const held = buffer;
      buffer = null;
      held.forEach(deliver);
    },
  };
}

import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { commandAttributes, contextOfTraceparent, inSpan, SpanKind } from '../tracing/tracing';

/** One message for live screens, named as the spec names it (`reservation-updated`, `new-order`, …). */
export interface LiveMessage {
  event: string;
  data: unknown;
  /** Who may receive it: 'catalog', 'admin', 'kitchen', `reservation:<id>` … */
  topics: readonly string[];
  /**
   * An availability notice (`data` is `{ store_id, menu_ids }`): held by each stream for
   * DEBOUNCE_MS from the first one, merged with the others of its event and store, then sent as
   * one frame — a burst of sell-outs is one refresh, and its timing says less (decision 165).
   */
  debounced?: boolean;
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
  /**
   * Called for every event as it is published (from the bus). With `readModelsAt`, its frames go
   * out once the read models have applied it, in order.
   */
  publish(event: RecordedEvent): void;
  /**
   * Streams frames for `topics`: first what was missed after `after` (read from the event
   * store), then live ones, each once and in order, until `signal` aborts. A client that missed
   * more than MAX_REPLAY events gets one `resync` frame instead (its screen reloads what it
   * shows), and `after` past the newest event counts as now (decision 055).
   */
  open(options: { topics: ReadonlySet<string>; after: number | null; signal: AbortSignal }, send: (frame: LiveFrame) => void): Promise<void>;
  /**
   * Claims one of a client address's streams until `signal` aborts: false when it already has
   * MAX_STREAMS_PER_CLIENT open (a screen opens one; a few tabs stay well within it).
   */
  claim(client: string, signal: AbortSignal): boolean;
  /** Open streams by topic kind (`reservation:<id>` counts as `reservation`), for /metrics. */
  connections(): ReadonlyMap<string, number>;
  /** Aborts when the process stops (decision 175): each open stream sends a retry hint and ends, so its client reconnects to another process. */
  readonly stopping: AbortSignal;
  /** Tells every open stream to end (the process is stopping). */
  drain(): void;
}

/** The kind of a topic: `reservation:<id>` → `reservation`, so metrics keep one series per kind. */
function topicKindOf(topic: string): string {
  return topic.split(':')[0] ?? topic;
}

/** Missed events a reconnecting client is sent at most; past that it resyncs (an old Last-Event-ID cannot replay the store). */
export const MAX_REPLAY = 1000;
export const MAX_STREAMS_PER_CLIENT = 20;
/**
 * Streams one process holds open in all (decision 196: 500 streams from 500 addresses were
 * all accepted). Far above a cafe's screens and guests' phones; past it a stream is refused (429)
 * and its client retries, on this process or another.
 */
export const MAX_STREAMS_TOTAL = 1000;
/** How long a stream holds availability notices before sending them as one frame. */
export const DEBOUNCE_MS = 2_000;

/**
 * The frames of one stream, in order, with its availability notices held back and merged: a
 * held notice goes out when DEBOUNCE_MS have passed since the first, or just before any other
 * frame, so ids never go backwards and nothing overtakes it.
 */
function debouncing(send: (frame: LiveFrame) => void, signal: AbortSignal) {
  let held: { id: number; notices: Map<string, { event: string; storeId: string; menuIds: Set<string> }> } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const sending = held;
    held = null;
    for (const n of sending?.notices.values() ?? []) send({ id: sending!.id, event: n.event, data: { store_id: n.storeId, menu_ids: [...n.menuIds] } });
  };
  signal.addEventListener('abort', () => timer && clearTimeout(timer), { once: true });
  return {
    send(frame: LiveFrame) {
      flush();
      send(frame);
    },
    hold(id: number, message: LiveMessage) {
      const { store_id: storeId, menu_ids: menuIds } = message.data as { store_id: string; menu_ids: readonly string[] };
      held ??= { id, notices: new Map() };
      held.id = id;
      const key = `${message.event}\u0000${storeId}`;
      const notice = held.notices.get(key) ?? { event: message.event, storeId, menuIds: new Set<string>() };
      for (const menuId of menuIds) notice.menuIds.add(menuId);
      held.notices.set(key, notice);
      timer ??= setTimeout(flush, DEBOUNCE_MS);
    },
  };
}

export function createLiveHub(deps: {
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>;
  map: LiveMapper;
  /**
   * Resolves once this process's read models have applied the event at `position` (rejects or
   * times out when they are stuck: the frames then go out late rather than never). A frame tells
   * a screen to read its list again; sent before the read models have the event, the screen reads
   * the list without it and nothing tells it to read again (decision 450).
   */
  readModelsAt?: (position: number) => Promise<void>;
}): LiveHub {
  const listeners = new Set<(event: RecordedEvent) => void>();
  /** The newest position handed to the streams (null before the first since the process started). */
  let handed: number | null = null;
  const hand = (event: RecordedEvent) => {
    handed = Math.max(handed ?? 0, event.position);
    for (const listener of listeners) listener(event);
  };
  /** Events waiting for the read models, in the order published; one wait covers all that arrived meanwhile. */
  let waiting: RecordedEvent[] = [];
  let draining = false;
  const drain = async (readModelsAt: (position: number) => Promise<void>) => {
    draining = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        try {
          await readModelsAt(Math.max(...batch.map((e) => e.position)));
        } catch {
          // Stuck read models make the frames late, never lost.
        }
        for (const event of batch) {
          try {
            hand(event);
          } catch {
            // A stream that failed to write ends on its own; the others still get the rest.
          }
        }
      }
    } finally {
      draining = false;
    }
  };
  const streams = new Map<string, number>();
  let total = 0;
  const open = new Map<string, number>();
  const stopping = new AbortController();

  return {
    stopping: stopping.signal,
    drain: () => stopping.abort(),
    connections: () => open,

    publish(event) {
      if (!deps.readModelsAt) return hand(event);
      waiting.push(event);
      if (!draining) void drain(deps.readModelsAt);
    },

    claim(client, signal) {
      const open = streams.get(client) ?? 0;
      if (open >= MAX_STREAMS_PER_CLIENT || total >= MAX_STREAMS_TOTAL) return false;
      streams.set(client, open + 1);
      total++;
      signal.addEventListener(
        'abort',
        () => {
          total--;
          const left = (streams.get(client) ?? 1) - 1;
          if (left > 0) streams.set(client, left);
          else streams.delete(client);
        },
        { once: true },
      );
      return true;
    },

    async open({ topics, after: asked, signal }, sendNow) {
      const frames = debouncing(sendNow, signal);
      const send = frames.send;
      const kinds = [...new Set([...topics].map(topicKindOf))];
      for (const kind of kinds) open.set(kind, (open.get(kind) ?? 0) + 1);
      signal.addEventListener('abort', () => kinds.forEach((kind) => open.set(kind, (open.get(kind) ?? 1) - 1)), { once: true });
      const head = asked === null ? 0 : await deps.eventStore.headPosition();
      // Past the newest event is now; more than MAX_REPLAY events behind is a resync, not a replay of the
      // store. Counted in events, never as a difference of positions: positions have gaps (decision 040).
      let after = asked === null ? null : Math.min(asked, head);
      if (after !== null && (await deps.eventStore.readAll({ after, maxCount: MAX_REPLAY + 1 })).length > MAX_REPLAY) {
        // The screen reloads everything on a resync: up to what the streams have been handed, as
        // for a fresh client; an event the head counts that is still on its way comes once applied.
        after = handed ?? head;
        send({ id: after, event: 'resync', data: null });
      }
      let sent = after ?? 0;
      const deliver = (event: RecordedEvent, fresh = false) => {
        if (event.position <= sent && !fresh) return;
        sent = Math.max(sent, event.position);
        const messages = deps.map(event).filter((m) => m.topics.some((t) => topics.has(t)));
        if (messages.length === 0) return;
        // Each stream's frames of an event are a span in the trace of the command that appended it.
        inSpan(
          'live send',
          () => ({
            'moncafe.live_events': messages.map((m) => m.event),
            'moncafe.position': event.position,
            ...commandAttributes(event.metadata.correlationId),
          }),
          () => {
            for (const m of messages) {
              if (m.debounced) frames.hold(event.position, m);
              else send({ id: event.position, event: m.event, data: m.data });
            }
          },
          () => ({ parent: contextOfTraceparent(event.metadata.traceparent), kind: SpanKind.PRODUCER }),
        );
      };

      // Listen first and hold live events back while catching up, so none falls in the gap.
      let buffer: RecordedEvent[] | null = [];
      const listener = (event: RecordedEvent) => (buffer ? buffer.push(event) : deliver(event));
      listeners.add(listener);
      signal.addEventListener('abort', () => listeners.delete(listener), { once: true });

      // What the streams have been handed: an event the store holds past it is on its way (waiting
      // for the read models, or for the bus) and comes through the listener, after the read models.
      const upTo = handed;
      if (after === null) {
        // A fresh client learns where "now" is, so a reconnect right away misses nothing. "Now" is
        // what the streams were handed, not the store's head: an event the head counts that is
        // still on its way would be skipped as sent, after the screen read its list without it.
        sent = upTo ?? (await deps.eventStore.headPosition());
        send({ id: sent });
      } else {
        for (;;) {
          const page = await deps.eventStore.readAll({ after: sent, maxCount: 500 });
          const due = upTo === null ? page : page.filter((e) => e.position <= upTo);
          for (const event of due) deliver(event);
          if (due.length < page.length || page.length < 500 || signal.aborted) break;
        }
        // Moves the client's Last-Event-ID past events that had no message for it.
        if (sent > after) send({ id: sent });
      }
      const held = buffer;
      buffer = null;
      // An event published after the listener was added is new to a fresh client even when the
      // "now" it was told already counts it (the head was read after the event committed): its
      // screen was loaded before. Dropping it would lose a change; sending it twice is harmless.
      held.forEach((event) => deliver(event, after === null));
    },
  };
}

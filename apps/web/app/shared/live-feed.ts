import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A live screen's feed from /live (Server-Sent Events). The browser's EventSource reconnects by
 * itself with Last-Event-ID after a dropped connection, and the server replays what was missed
 * (decision 064), so a message is never lost; a refused or failed stream (an HTTP error) is
 * opened again every `retryMs` from the last id seen. `connected` and `downSince` let a screen
 * say when it is not live and fall back to polling only then.
 */
export interface LiveFeedOptions {
  /** Topics to follow (`kitchen`, `catalog`, `reservation:<id>` …); null: not now. */
  topics: readonly string[] | null;
  /** The message names to listen for (`new-order`, `token-invalidated` …). */
  events: readonly string[];
  onMessage: (event: string, data: unknown) => void;
  /** A guest's table-order token, for its own reservation's topic. */
  token?: string | null;
  /** Called when the stream was refused (an HTTP error rather than a dropped connection). */
  onRefused?: () => void;
  retryMs?: number;
}

export interface LiveFeedState {
  connected: boolean;
  /** When the stream went down (null while connected or before the first connection). */
  downSince: Date | null;
}

export function useLiveFeed(options: LiveFeedOptions): LiveFeedState {
  const [state, setState] = useState<LiveFeedState>({ connected: false, downSince: null });
  // The screen's latest handlers, called from the stream without reopening it when they change.
  const onMessage = useEffectEvent((event: string, data: unknown) => options.onMessage(event, data));
  const onRefused = useEffectEvent(() => options.onRefused?.());
  const topicKey = options.topics ? options.topics.join(',') : null;
  const eventKey = options.events.join(',');
  const token = options.token ?? null;
  const retryMs = options.retryMs ?? 5_000;

  useEffect(() => {
    if (topicKey === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const down = () => setState((s) => (s.connected || s.downSince === null ? { connected: false, downSince: new Date() } : s));

    const open = () => {
      const params = new URLSearchParams({ topics: topicKey });
      if (token) params.set('token', token);
      if (lastEventId) params.set('lastEventId', lastEventId);
      source = new EventSource(`/live?${params.toString()}`);
      source.onopen = () => setState({ connected: true, downSince: null });
      source.onmessage = (e) => {
        if (e.lastEventId) lastEventId = e.lastEventId;
      };
      source.onerror = () => {
        down();
        if (source?.readyState === EventSource.CLOSED) {
          // Refused or failed outright: the browser will not try again by itself.
          onRefused();
          source.close();
          if (!stopped) retry = setTimeout(open, retryMs);
        }
      };
      for (const name of eventKey.split(',').filter(Boolean)) {
        source.addEventListener(name, (e) => {
          const message = e as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            data = null;
          }
          onMessage(name, data);
        });
      }
    };
    open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [topicKey, eventKey, token, retryMs]);

  return state;
}

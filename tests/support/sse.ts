/** A minimal Server-Sent Events client for tests: frames as they arrive, and a way to wait for some. */
export interface SseFrame {
  id: string | null;
  event: string | null;
  data: string | null;
}

export interface SseConnection {
  frames: SseFrame[];
  /** Resolves once `predicate` holds for the frames received so far (bounded by `timeoutMs`). */
  until(predicate: (frames: SseFrame[]) => boolean, timeoutMs?: number): Promise<SseFrame[]>;
  close(): void;
  status: number;
  /** Resolves when the stream ends: the server closed it, the connection broke, or `close` was called. */
  ended: Promise<void>;
}

/** `onFrame` hears each frame as it is parsed, with the moment it arrived (`performance.now()`): the bench times fan-out with it. */
export async function openSse(url: string, headers: Record<string, string> = {}, onFrame?: (frame: SseFrame, at: number) => void): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const frames: SseFrame[] = [];
  let end = () => undefined as void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const waiters = new Set<() => void>();
  const connection: SseConnection = {
    frames,
    status: response.status,
    until(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(frames)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frames);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SSE: condition not met within ${timeoutMs} ms; frames: ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
    ended,
  };
  if (!response.body) {
    end();
    return connection;
  }

  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { id: null, event: null, data: null };
          let meaningful = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else if (field === 'data') frame.data = frame.data === null ? value : `${frame.data}\n${value}`;
            else continue;
            meaningful = true;
          }
          if (!meaningful) continue;
          frames.push(frame);
          onFrame?.(frame, performance.now());
        }
        for (const wake of [...waiters]) wake();
      }
    } catch {
      // aborted by close(), or the connection broke
    }
    end();
  })();
  return connection;
}

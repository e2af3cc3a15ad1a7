import http from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a client may take and how many connections it may hold (decision
 * 196). Node's defaults let a client that dribbles its headers keep a connection for a minute and
 * any one address open as many connections as it likes.
 *
 * - `headersTimeout`: the request's headers must arrive within it; `requestTimeout` (three times
 *   as long) bounds the whole request body. Neither bounds an answer, so `/live` streams stay open.
 * - `keepAliveTimeout`: an idle kept-alive connection closes after 5 s.
 * - Per address: a connection past `maxPerAddress` from one socket peer is closed at once. A peer
 *   that is a trusted proxy carries every client's requests and is not counted (the live hub caps
 *   streams per forwarded address).
 */
export function boundedServer(
  handler: http.RequestListener,
  options: { headersTimeoutMs: number; maxPerAddress: number; trustedProxy: (address: string) => boolean },
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.headersTimeoutMs * 3,
      keepAliveTimeout: 5_000,
      // Timeouts are checked this often (Node's default is 30 s, so a short bound would not hold).
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    handler,
  );
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (options.trustedProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return server;
}

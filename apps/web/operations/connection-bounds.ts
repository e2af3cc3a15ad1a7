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
 * - A request Node's parser refuses before any handler runs (headers or URL over 16 KiB, a
 *   malformed request line, headers too slow) is answered with the JSON error envelope naming
 *   why (`clientErrors`), not Node's empty 400/431 (the bad-input walk, decision 270), and the connection
 *   ends: its stream cannot be read further.
 */
export function boundedServer(
  handler: http.RequestListener,
  options: {
    headersTimeoutMs: number;
    maxPerAddress: number;
    trustedProxy: (address: string) => boolean;
    clientErrors?: { tooLarge: string; badRequest: string };
  },
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
  const texts = options.clientErrors;
  if (texts) {
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      const answered = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
      if (error.code === 'ECONNRESET' || !socket.writable || answered) {
        socket.destroy();
        return;
      }
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const message = status === 431 ? texts.tooLarge : texts.badRequest;
      const body = JSON.stringify({ success: false, error: message, field: status === 431 ? 'headers' : 'request' });
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    });
  }
  return server;
}

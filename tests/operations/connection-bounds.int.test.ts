import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Decision 196: the web server set no bounds. 1,000 connections dribbling their headers
 * stayed open 65 s, and any one address could open as many connections as it liked. Now a
 * client that has not sent its headers in time is cut, and an address past its share of
 * connections is refused at once, while everyone else is still answered (decision 196).
 */
describe('connection bounds', () => {
  let server: TestWebServer;
  const port = () => Number(new URL(server.url).port);
  const connect = () =>
    new Promise<{ socket: net.Socket; closed: () => boolean }>((resolve, reject) => {
      let closed = false;
      const socket = net.connect(port(), '127.0.0.1', () => resolve({ socket, closed: () => closed }));
      socket.on('error', () => undefined);
      // Read whatever comes (a 408), so the server's end of the connection is seen.
      socket.resume();
      socket.on('close', () => (closed = true));
      socket.once('error', reject);
    });

  beforeAll(async () => {
    // No proxy in front (a hop count of 0): the socket's peer is the client.
    server = await startTestWebServer({
      env: { DEMO_DATA: '0', TRUST_PROXY: '0', HTTP_HEADERS_TIMEOUT_SECONDS: '2', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an address its sixth open connection, and answers it again once one closes', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, connect));
    const sixth = await connect();
    await until(() => sixth.closed(), { what: 'the sixth connection to be closed', timeoutMs: 2_000 });
    expect(held.every((c) => !c.closed())).toBe(true);
    for (const c of held) c.socket.destroy();
    await until(
      async () =>
        (await fetch(`${server.url}/healthz`).then(
          (r) => r.status,
          () => 0,
        )) === 200,
      { what: 'a new connection to be answered' },
    );
  });

  it('cuts a client that dribbles its headers, within the headers timeout', async () => {
    const slow = await connect();
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const started = performance.now();
    await until(() => slow.closed(), { what: 'the slow client to be cut', timeoutMs: 6_000, everyMs: 50 });
    expect(performance.now() - started).toBeGreaterThan(1_000);
    // Others are answered meanwhile and after.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

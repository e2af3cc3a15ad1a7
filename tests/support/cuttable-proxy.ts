import net from 'node:net';

/**
 * A TCP proxy in front of a test server whose line can be cut: `cut()` drops every open
 * connection and refuses new ones until `restore()`. A browser that reaches the server through
 * it loses its live stream the way a tablet in a basement does — the socket dies mid-stream.
 * `cutAfterAnswerTo` cuts it the worst way for a command: after the server has done it, before
 * the answer arrives.
 */
export interface CuttableProxy {
  url: string;
  cut(): void;
  restore(): void;
  /**
   * The next request whose first line starts with `requestLine` (`POST /api/orders`) reaches the
   * server, and when the server's answer starts to come back — so after it committed — the line
   * is cut instead (as `cut()`): the client never hears the answer. Resolves once that happened.
   */
  cutAfterAnswerTo(requestLine: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let down = false;
  let trap: { requestLine: string; sprung: () => void } | null = null;
  const cut = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) });
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    // A trapped request's connection: its answer is never passed on.
    let doomed: (() => void) | null = null;
    client.on('data', (chunk: Buffer) => {
      if (trap && chunk.toString('latin1').startsWith(`${trap.requestLine} `)) {
        doomed = trap.sprung;
        trap = null;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (doomed) {
        const sprung = doomed;
        doomed = null;
        cut();
        sprung();
        return;
      }
      client.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${own}`,
    cut,
    cutAfterAnswerTo: (requestLine) =>
      new Promise<void>((resolve) => {
        trap = { requestLine, sprung: resolve };
      }),
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

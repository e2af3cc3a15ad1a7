import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP load balancer for the fault suites (decision 556): it routes each request to one
 * of its backends that its own probes of `/readyz` found ready, round robin, as a Kubernetes
 * Service with a readiness probe or a cloud balancer's health check does. A backend is taken
 * out after `failureThreshold` failed probes in a row (a non-2xx answer, or none within
 * `timeoutMs`) and put back after one good probe; a new backend takes traffic only once a probe
 * found it ready. Nothing is retried: a request whose backend fails is answered 502 and counted,
 * so a test sees every request a guest would have lost.
 *
 * The probe is the Kubernetes manifests': periodSeconds 5, timeoutSeconds 2, failureThreshold 1
 * (successThreshold 1). The drain (SHUTDOWN_DRAIN_SECONDS, 10 s) is longer than one period plus
 * one timeout, so a stopping process is out of the rotation before its port closes.
 */
export const KUBERNETES_PROBE = { periodMs: 5000, timeoutMs: 2000, failureThreshold: 1 } as const;

export interface Balancer {
  url: string;
  /**
   * Adds a backend (`http://host:port`); it takes traffic after its first ready probe. Probed at
   * `probeAt` when given (the web process's PROBE_PORT, as a readinessProbe with a `port:` of its
   * own, decision 600), else at the backend's own `/readyz`.
   */
  add(backend: string, probeAt?: string): void;
  /** Takes a backend out of the rotation at once (it was stopped). */
  remove(backend: string): void;
  /** Backends taking traffic now. */
  ready(): string[];
  /** Requests that found no ready backend, or whose backend failed before answering (each answered 502). */
  failures(): { backend: string | null; error: string; at: number }[];
  /** Requests sent on to each backend. */
  routed(): Map<string, number>;
  close(): Promise<void>;
}

interface Backend {
  url: URL;
  probe: URL;
  ready: boolean;
  failedProbes: number;
  agent: http.Agent;
  timer: NodeJS.Timeout;
}

export async function startBalancer(options: Partial<typeof KUBERNETES_PROBE> = {}): Promise<Balancer> {
  const probe = { ...KUBERNETES_PROBE, ...options };
  const backends = new Map<string, Backend>();
  const failures: { backend: string | null; error: string; at: number }[] = [];
  const routed = new Map<string, number>();
  let next = 0;

  function probeOnce(key: string, backend: Backend) {
    const request = http.get(new URL('/readyz', backend.probe), { agent: false, timeout: probe.timeoutMs }, (res) => {
      res.resume();
      const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
      res.on('end', () => settle(ok));
    });
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled || !backends.has(key)) return;
      settled = true;
      if (ok) {
        backend.failedProbes = 0;
        backend.ready = true;
      } else if (++backend.failedProbes >= probe.failureThreshold) backend.ready = false;
    };
    request.on('timeout', () => {
      request.destroy();
      settle(false);
    });
    request.on('error', () => settle(false));
  }

  function remove(url: string) {
    const backend = backends.get(url);
    if (!backend) return;
    clearInterval(backend.timer);
    backend.agent.destroy();
    backends.delete(url);
  }

  const server = http.createServer((req, res) => {
    const ready = [...backends.entries()].filter(([, b]) => b.ready);
    if (ready.length === 0) {
      failures.push({ backend: null, error: 'no ready backend', at: performance.now() });
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('no ready backend');
      return;
    }
    const [key, backend] = ready[next++ % ready.length]!;
    routed.set(key, (routed.get(key) ?? 0) + 1);
    // The address the request came from is appended to what the client sent, as nginx's
    // $proxy_add_x_forwarded_for and cloud balancers do: behind the balancer each test client is
    // still the device of its own address (tests/support/http-client.ts), so per-address limits
    // count each guest on its own instead of every guest as the balancer's one address.
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].flat().filter(Boolean).join(', ');
    const upstream = http.request(
      new URL(req.url ?? '/', backend.url),
      { method: req.method, headers: { ...req.headers, host: backend.url.host, 'x-forwarded-for': forwarded }, agent: backend.agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      failures.push({ backend: key, error: error.code ?? error.message, at: performance.now() });
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`backend failed: ${error.code ?? error.message}`);
      else res.destroy();
    });
    // A client that goes away takes its request upstream with it (an SSE stream closed by the screen).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    add(url, probeAt) {
      if (backends.has(url)) return;
      const backend: Backend = {
        url: new URL(url.replace('://localhost', '://127.0.0.1')),
        probe: new URL((probeAt ?? url).replace('://localhost', '://127.0.0.1')),
        ready: false,
        failedProbes: 0,
        agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
        timer: setInterval(() => probeOnce(url, backend), probe.periodMs),
      };
      backends.set(url, backend);
      probeOnce(url, backend);
    },
    remove,
    ready: () => [...backends.entries()].filter(([, b]) => b.ready).map(([key]) => key),
    failures: () => [...failures],
    routed: () => new Map(routed),
    async close() {
      for (const key of [...backends.keys()]) remove(key);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { Worker } from 'node:worker_threads';
import { ConfigError } from '../config';
import type { LoopLogger, Readiness } from './health';

/** How often the main thread tells the probe thread its state: also its heartbeat. */
export const PROBE_HEARTBEAT_MS = 200;
/** A main loop not heard from for this long is not ready: it cannot be serving (decision 600). */
export const PROBE_STALE_AFTER_MS = 3000;
/** A main loop not heard from for this long is not alive: a liveness probe restarts the process. */
export const PROBE_DEAD_AFTER_MS = 30_000;

/** What the main thread sends the probe thread, every heartbeat and at once when it starts stopping. */
interface ProbeState {
  readiness: Readiness;
  stopping: boolean;
}

export interface ProbeThread {
  port: number;
  /** Sends the state now (the stop does, so the probe port turns 503 `stopping` at once, not at the next beat). */
  publish(): void;
  /** Stops the heartbeat and closes the probe port once its connections are idle. */
  close(): Promise<void>;
}

/**
 * `/healthz` and `/readyz` on a port of their own, answered by a thread of their own (decision
 * 600): a balancer's or Kubernetes' probe is answered at once even while the main event loop is
 * busy rendering pages, which is all the main port's answer waits on under a rush.
 *
 * The thread answers from the last state the main thread sent (its readiness from memory,
 * decision 551, and whether it is stopping). Those messages are also the main loop's heartbeat:
 * not heard from for `staleAfterMs`, `/readyz` answers 503 with the `mainLoop` check failing; for
 * `deadAfterMs`, `/healthz` answers 503 too, so a loop stuck for good is restarted rather than
 * probed as alive by a thread that is fine.
 *
 * The thread's code is a plain script (below) started with `eval`: it needs nothing but Node's
 * own modules, and so runs the same from the sources, under the test runner and in the bundle.
 */
export async function startProbeThread(options: {
  port: number;
  host: string;
  readiness(): Readiness;
  stopping(): boolean;
  logger: Pick<LoopLogger, 'warn'>;
  heartbeatMs?: number;
  staleAfterMs?: number;
  deadAfterMs?: number;
}): Promise<ProbeThread> {
  const state = (): ProbeState => ({ readiness: options.readiness(), stopping: options.stopping() });
  const worker = new Worker(PROBE_THREAD_SOURCE, {
    eval: true,
    workerData: {
      port: options.port,
      host: options.host,
      staleAfterMs: options.staleAfterMs ?? PROBE_STALE_AFTER_MS,
      deadAfterMs: options.deadAfterMs ?? PROBE_DEAD_AFTER_MS,
      state: state(),
    },
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { listening?: number; error?: string }) => {
      if (message.listening !== undefined) resolve(message.listening);
      else reject(new ConfigError('PROBE_PORT', `(${options.port}) could not be listened on: ${message.error}`));
    });
    worker.once('error', reject);
    void exited.then(() => reject(new Error('the probe thread ended before it listened')));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  // The thread keeps nothing alive on its own account: a process that is done exits.
  worker.unref();
  // A thread that fails later is said once; the main port's probes still answer.
  worker.on('error', (error) => options.logger.warn({ err: error }, 'the probe thread failed: PROBE_PORT answers no more'));
  const publish = () => {
    // A state that cannot be read is not sent: the heartbeat goes stale and the probe says so.
    let current: ProbeState;
    try {
      current = state();
    } catch {
      return;
    }
    worker.postMessage(current);
  };
  const beat = setInterval(publish, options.heartbeatMs ?? PROBE_HEARTBEAT_MS).unref();
  let closing: Promise<void> | null = null;
  return {
    port,
    publish,
    close() {
      closing ??= (async () => {
        clearInterval(beat);
        worker.postMessage('close');
        // A thread that does not end at once (a probe connection held open) is ended anyway.
        const bound = setTimeout(() => void worker.terminate(), 2000);
        await exited;
        clearTimeout(bound);
      })();
      return closing;
    },
  };
}

/**
 * The probe thread (CommonJS, Node's modules only). The answers are the main port's (decision
 * 176), with one check more in `/readyz`: `mainLoop`, the age of the last heartbeat.
 */
const PROBE_THREAD_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, host, staleAfterMs, deadAfterMs } = workerData;
let state = workerData.state;
let heardAt = performance.now();
let closing = false;
parentPort.on('message', (message) => {
  if (message === 'close') return close();
  state = message;
  heardAt = performance.now();
});
const json = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...(closing ? { Connection: 'close' } : {}) });
  res.end(JSON.stringify(body));
};
const server = http.createServer((req, res) => {
  const path = (req.url || '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
  const silentMs = performance.now() - heardAt;
  if (path === '/healthz') {
    if (silentMs > deadAfterMs) return json(res, 503, { status: 'main loop not answering', seconds: Math.round(silentMs / 100) / 10 });
    return json(res, 200, { status: 'ok' });
  }
  if (path === '/readyz') {
    if (state.stopping) return json(res, 503, { status: 'stopping' });
    const mainLoop = silentMs > staleAfterMs ? { ok: false, detail: 'not answering for ' + (Math.round(silentMs / 100) / 10) + ' s' } : { ok: true };
    const ready = state.readiness.ready && mainLoop.ok;
    return json(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks: { ...state.readiness.checks, mainLoop }, lag: state.readiness.lag });
  }
  json(res, 404, { error: 'not found' });
});
server.on('error', (error) => parentPort.postMessage({ error: error.code || error.message }));
server.listen(port, host, () => parentPort.postMessage({ listening: server.address().port }));
function close() {
  closing = true;
  parentPort.close();
  // Idle kept-alive probe connections close now, one in hand after its answer.
  server.close();
  server.closeIdleConnections();
}
`;

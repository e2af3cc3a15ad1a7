import type { LoopLogger, ReadinessCheck } from './health';

export type { LoopLogger } from './health';

/**
 * Every long-running loop of a process, supervised (decision 552): a loop that fails is started
 * again after a back-off (0.5 s, doubling to 30 s), each restart logged (`loop restarting`) and
 * counted (`moncafe_loop_restarts_total{loop}`). A loop counts as down from its failure until it
 * has run `settleMs` without failing again (or says it did work); `/readyz` turns 503 only while
 * one has been down longer than `downBoundMs` (2 minutes): a PostgreSQL or NATS restart of a few
 * seconds leaves the process ready, a loop that cannot run at all takes it out of the balancer.
 */

export const LOOP_DOWN_BOUND_MS = 120_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

export interface LoopControl {
  /** True once the loop should end (the process is stopping). */
  stopped(): boolean;
  /** The loop did useful work: it is up, whatever the settle time says. */
  ok(): void;
  /** Resolves after `ms`, or at once when the loop is stopped. */
  pause(ms: number): Promise<void>;
}

export interface SupervisedLoops {
  /**
   * Runs `body` until `stop`: when it throws (or returns before the stop), it runs again after the
   * back-off. `onStop` interrupts a body waiting on something (closes its subscription).
   */
  run(name: string, body: (control: LoopControl) => Promise<void>, onStop?: () => Promise<void> | void): { stop(): Promise<void> };
  /** For a loop that restarts itself (relay, projectors, timers): it failed, and will try again. */
  failed(name: string, err: unknown): void;
  /** For a loop that restarts itself: it ran. */
  ran(name: string): void;
  /** `/readyz`'s `loops` check, from memory. */
  check(): ReadinessCheck;
}

export function supervisedLoops(deps: {
  logger: LoopLogger;
  restarts?: { inc(labels: { loop: string }): void };
  settleMs?: number;
  downBoundMs?: number;
  firstBackoffMs?: number;
}): SupervisedLoops {
  const settleMs = deps.settleMs ?? 5000;
  const downBoundMs = deps.downBoundMs ?? LOOP_DOWN_BOUND_MS;
  const firstBackoffMs = deps.firstBackoffMs ?? FIRST_BACKOFF_MS;
  /** Since when each loop has been down (performance.now()); absent while it is up. */
  const downSince = new Map<string, number>();
  /** When a restarted loop last failed, to tell "settled" from "failed again". */
  const lastFailure = new Map<string, number>();

  function failed(name: string, err: unknown, backoffMs?: number) {
    const now = performance.now();
    if (!downSince.has(name)) downSince.set(name, now);
    lastFailure.set(name, now);
    deps.restarts?.inc({ loop: name });
    deps.logger.warn({ err, loop: name, ...(backoffMs === undefined ? {} : { backoffMs }) }, 'loop restarting');
  }
  function ran(name: string) {
    if (downSince.delete(name)) deps.logger.info({ loop: name }, 'loop running again');
  }
  /** Up again once it ran `settleMs` since its last failure. */
  function settle(name: string) {
    const failedAt = lastFailure.get(name);
    if (failedAt !== undefined && downSince.has(name) && performance.now() - failedAt >= settleMs) ran(name);
  }

  return {
    run(name, body, onStop) {
      let stopped = false;
      let wake: (() => void) | null = null;
      const pause = (ms: number) =>
        new Promise<void>((resolve) => {
          if (stopped) return resolve();
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = done;
        });
      const control: LoopControl = { stopped: () => stopped, ok: () => ran(name), pause };
      const settler = setInterval(() => settle(name), Math.max(50, Math.min(1000, settleMs / 2)));
      settler.unref();
      const running = (async () => {
        let backoffMs = firstBackoffMs;
        while (!stopped) {
          const started = performance.now();
          try {
            await body(control);
            if (stopped) break;
            throw new Error('the loop ended by itself');
          } catch (err) {
            if (stopped) break;
            // A loop that ran a good while before it failed starts its back-off afresh.
            if (performance.now() - started >= settleMs) backoffMs = firstBackoffMs;
            failed(name, err, backoffMs);
            await pause(backoffMs);
            backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
          }
        }
      })();
      return {
        async stop() {
          stopped = true;
          clearInterval(settler);
          (wake as (() => void) | null)?.();
          await onStop?.();
          await running;
          downSince.delete(name);
        },
      };
    },
    failed: (name, err) => failed(name, err),
    ran,
    check() {
      const now = performance.now();
      const overdue = [...downSince]
        .filter(([, since]) => now - since > downBoundMs)
        .map(([name, since]) => `${name} down ${Math.round((now - since) / 1000)} s`);
      return overdue.length ? { ok: false, detail: overdue.join(', ') } : { ok: true };
    },
  };
}

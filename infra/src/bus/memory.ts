import type { Logger } from 'pino';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { DEFAULT_MAX_BATCH, type Bus, type BusHandler, type BusListener, type BusMessage, type BusSubscription, type ConsumeOptions } from './port';

export interface MemoryBusOptions {
  logger?: Logger;
  /** How many recent event ids are remembered to drop a republished event (NATS: the duplicate window). */
  dedupeWindow?: number;
  /** Pause before a message whose handler failed is delivered again. */
  retryDelayMs?: number;
}

interface Durable {
  /** Absolute index (in all messages ever kept) of the next message to deliver. */
  next: number;
  active: boolean;
}

/**
 * The bus inside one process, for the embedded mode and for tests: the same contract as
 * NATS. Messages are kept only until every durable consumer has acknowledged them.
 */
export function memoryBus(options: MemoryBusOptions = {}): Bus {
  const dedupeWindow = options.dedupeWindow ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  let log: BusMessage[] = [];
  /** Absolute index of log[0]: the log is trimmed from the front. */
  let base = 0;
  const seen = new Set<string>();
  const durables = new Map<string, Durable>();
  const listeners = new Set<BusListener>();
  const wakers = new Set<() => void>();
  let closed = false;

  function end() {
    return base + log.length;
  }

  function trim() {
    let low = end();
    for (const d of durables.values()) low = Math.min(low, d.next);
    if (low > base) {
      log = log.slice(low - base);
      base = low;
    }
  }

  function remember(eventId: string): boolean {
    if (seen.has(eventId)) return false;
    seen.add(eventId);
    if (seen.size > dedupeWindow) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  }

  return {
    async publish(event: RecordedEvent, previousPosition: number) {
      if (closed) throw new Error('bus is closed');
      if (!remember(event.eventId)) return;
      const message: BusMessage = { event, previousPosition };
      log.push(message);
      for (const wake of [...wakers]) wake();
      for (const listener of [...listeners]) {
        try {
          listener(message);
        } catch (error) {
          options.logger?.warn({ err: error }, 'bus listener failed');
        }
      }
    },

    async consume(durableName: string, handler: BusHandler, consumeOptions: ConsumeOptions = {}): Promise<BusSubscription> {
      const maxBatch = consumeOptions.maxBatch ?? DEFAULT_MAX_BATCH;
      let durable = durables.get(durableName);
      if (!durable) {
        durable = { next: end(), active: false };
        durables.set(durableName, durable);
      }
      // One process has one runner per projector; two loops on one cursor would deliver twice.
      if (durable.active) throw new Error(`durable consumer ${durableName} is already being consumed`);
      durable.active = true;
      const state = durable;
      let stopped = false;
      let wake: (() => void) | null = null;
      const waker = () => wake?.();
      wakers.add(waker);

      const pause = (ms: number | null) =>
        new Promise<void>((resolve) => {
          const timer = ms === null ? null : setTimeout(resolve, ms);
          wake = () => {
            if (timer) clearTimeout(timer);
            resolve();
          };
        });

      const loop = (async () => {
        while (!stopped && !closed) {
          if (state.next >= end()) {
            await pause(null);
            wake = null;
            continue;
          }
          const batch = log.slice(state.next - base, Math.min(end(), state.next + maxBatch) - base);
          if (batch.length === 0) throw new Error('memory bus lost a message it had not delivered');
          try {
            await handler(batch);
            state.next += batch.length;
            trim();
          } catch (error) {
            options.logger?.warn({ err: error, durableName, position: batch[0]!.event.position }, 'bus handler failed; delivering again');
            if (!stopped) await pause(retryDelayMs);
            wake = null;
          }
        }
      })();

      return {
        async close() {
          stopped = true;
          wake?.();
          await loop;
          wakers.delete(waker);
          state.active = false;
        },
      };
    },

    async follow(listener: BusListener): Promise<BusSubscription> {
      listeners.add(listener);
      return {
        async close() {
          listeners.delete(listener);
        },
      };
    },

    async close() {
      closed = true;
      for (const wake of [...wakers]) wake();
      listeners.clear();
    },
  };
}

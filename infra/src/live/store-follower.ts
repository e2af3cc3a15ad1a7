import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import type { Bus } from '../bus/port';

/** How often live screens are fed from the store while the bus is away. */
const STORE_FOLLOW_MS = 250;
/** How often the store's head is compared with what the bus delivered while it says it is up. */
const LAG_CHECK_MS = 1_000;
/**
 * How long an event may be in the store without the bus having delivered it before the store
 * hands it on (decision 412): far above the relay's usual delay (milliseconds), far below the
 * seconds a JetStream consumer takes to notice that the node holding it died.
 */
const BUS_LAG_MS = 2_000;

/**
 * Live screens never depend on the bus alone (decisions 199 and 412). The events after the last
 * one seen are read from the event store and handed to `deliver` in order
 * - while the bus says it is not connected (NATS restarting), every `everyMs`;
 * - while it says it is connected but has not delivered an event the store held `lagMs` ago (a
 *   stream leader killed under a consumer: the client stays connected, and its consumer is gone
 *   until missed heartbeats reset it; or a relay that is not publishing).
 * What the bus delivers again afterwards is seen already; the hub's streams skip positions they
 * have sent.
 */
export function feedFromStoreWhileBusDown(deps: {
  bus: Pick<Bus, 'connected'>;
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>;
  deliver: (event: RecordedEvent) => void;
  onError?: (err: unknown) => void;
  /** A read from the store went through (after a failure: the feed runs again). */
  onRead?: () => void;
  everyMs?: number;
  lagCheckMs?: number;
  lagMs?: number;
  now?: () => number;
}): { seen(position: number): void; stop(): void } {
  const now = deps.now ?? (() => performance.now());
  const lagMs = deps.lagMs ?? BUS_LAG_MS;
  const lagCheckMs = deps.lagCheckMs ?? LAG_CHECK_MS;
  let last: number | null = null;
  let reading = false;
  let lastLagCheck = -Infinity;
  // The store's head when the bus was first seen behind it, and when.
  let behind: { head: number; since: number } | null = null;

  async function readOn(from: number) {
    let after = from;
    for (;;) {
      const page = await deps.eventStore.readAll({ after, maxCount: 500 });
      for (const event of page) {
        after = Math.max(after, event.position);
        if (last !== null && event.position <= last) continue;
        last = event.position;
        deps.deliver(event);
      }
      if (page.length < 500) break;
    }
  }

  /** True when an event the store held `lagMs` ago has still not come over the bus. */
  async function busLags(): Promise<boolean> {
    if (now() - lastLagCheck < lagCheckMs) return false;
    lastLagCheck = now();
    const head = await deps.eventStore.headPosition();
    last ??= head;
    if (behind && last >= behind.head) behind = null;
    if (head <= last) return false;
    behind ??= { head, since: now() };
    return now() - behind.since >= lagMs;
  }

  const timer = deps.bus.connected
    ? setInterval(() => {
        if (reading) return;
        reading = true;
        void (async () => {
          const down = !deps.bus.connected!();
          if (!down && !(await busLags())) return;
          last ??= await deps.eventStore.headPosition();
          await readOn(last);
          behind = null;
          deps.onRead?.();
        })()
          .catch((err: unknown) => deps.onError?.(err))
          .finally(() => {
            reading = false;
          });
      }, deps.everyMs ?? STORE_FOLLOW_MS)
    : null;
  timer?.unref();
  return {
    seen(position) {
      if (last === null || position > last) last = position;
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import type { Bus } from '../bus/port';

/** How often live screens are fed from the store while the bus is away. */
const STORE_FOLLOW_MS = 250;

/**
 * Live screens never depend on the bus alone (decision 199): while it says it is not
 * connected (NATS restarting), the events after the last one seen are read from the event store
 * and handed to `deliver` in order. What the bus delivers again afterwards is seen already; the
 * hub's streams skip positions they have sent.
 */
export function feedFromStoreWhileBusDown(deps: {
  bus: Pick<Bus, 'connected'>;
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>;
  deliver: (event: RecordedEvent) => void;
  onError?: (err: unknown) => void;
  everyMs?: number;
}): { seen(position: number): void; stop(): void } {
  let last: number | null = null;
  let reading = false;
  const timer = deps.bus.connected
    ? setInterval(() => {
        if (reading || deps.bus.connected!()) return;
        reading = true;
        void (async () => {
          last ??= await deps.eventStore.headPosition();
          for (;;) {
            const page = await deps.eventStore.readAll({ after: last, maxCount: 500 });
            for (const event of page) {
              if (event.position <= last) continue;
              last = event.position;
              deps.deliver(event);
            }
            if (page.length < 500) break;
          }
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

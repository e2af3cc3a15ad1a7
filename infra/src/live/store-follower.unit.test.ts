import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { until } from '@moncafe/tests/support/until';
import { feedFromStoreWhileBusDown } from './store-follower';

/** Decision 199: live screens are fed from the event store while the bus is away. */
describe('live screens while the bus is away', () => {
  const event = (position: number) => ({ position }) as RecordedEvent;

  it('hands on what the store gained after the last event seen, once each, only while the bus is down', async () => {
    const events = [event(1), event(2)];
    let connected = true;
    const delivered: number[] = [];
    const follower = feedFromStoreWhileBusDown({
      bus: { connected: () => connected },
      eventStore: {
        headPosition: async () => events.at(-1)?.position ?? 0,
        readAll: async ({ after = 0 } = {}) => events.filter((e) => e.position > after),
      },
      deliver: (e) => delivered.push(e.position),
      everyMs: 10,
    });
    try {
      follower.seen(2);
      events.push(event(3));
      connected = false;
      events.push(event(4));
      await until(() => delivered.includes(4), { what: 'the store-fed events' });
      expect(delivered).toEqual([3, 4]);
      connected = true;
      follower.seen(5);
      events.push(event(5), event(6));
      connected = false;
      await until(() => delivered.includes(6), { what: 'the next store-fed event' });
      expect(delivered).toEqual([3, 4, 6]);
    } finally {
      follower.stop();
    }
  });
});

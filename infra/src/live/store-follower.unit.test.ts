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

  it('while the bus says it is up, hands on an event the bus has not delivered within the lag, and nothing sooner', async () => {
    const events = [event(1), event(2)];
    let clock = 0;
    let checks = 0;
    const delivered: number[] = [];
    const follower = feedFromStoreWhileBusDown({
      bus: { connected: () => true },
      eventStore: {
        headPosition: async () => {
          checks++;
          return events.at(-1)?.position ?? 0;
        },
        readAll: async ({ after = 0 } = {}) => events.filter((e) => e.position > after),
      },
      deliver: (e) => delivered.push(e.position),
      everyMs: 5,
      lagCheckMs: 0,
      lagMs: 2_000,
      now: () => clock,
    });
    try {
      follower.seen(2);
      // Delivered by the bus in time: the store hands on nothing.
      events.push(event(3));
      await until(() => checks >= 3, { what: 'the follower to see the store ahead' });
      clock = 1_000;
      follower.seen(3);
      const seenAt = checks;
      await until(() => checks >= seenAt + 3, { what: 'more checks' });
      clock = 5_000;
      const later = checks;
      await until(() => checks >= later + 3, { what: 'checks after the lag' });
      expect(delivered).toEqual([]);
      // Not delivered by the bus: handed on once the lag has passed, in order, once.
      events.push(event(4), event(5));
      await until(() => checks >= later + 6, { what: 'the follower to see the bus behind' });
      expect(delivered).toEqual([]);
      clock = 7_500;
      await until(() => delivered.includes(5), { what: 'the store-fed events after the lag' });
      follower.seen(4);
      follower.seen(5);
      const after = checks;
      await until(() => checks >= after + 3, { what: 'checks after the feed' });
      expect(delivered).toEqual([4, 5]);
    } finally {
      follower.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { memoryBus } from '@moncafe/infra/bus/memory';
import { connectNatsBus, deleteNatsStream } from '@moncafe/infra/bus/nats';
import { subjectOf, type Bus, type BusMessage } from '@moncafe/infra/bus/port';
import { natsUrl, uniqueName } from '../support/services';
import { until } from '../support/until';

/** The same contract for every bus adapter: dedupe by event id, ordered durable delivery in batches, resume, redelivery, live follow. */

let position = 0;
function event(streamId = 'order-1', storeId: string | null = 'store-1'): RecordedEvent {
  position += 1;
  return {
    eventId: crypto.randomUUID(),
    streamId,
    revision: 0,
    position,
    type: 'OrderPlaced',
    data: { n: position, nested: { list: [1, 2] } },
    metadata: { correlationId: 'c', causationId: null, actor: 'customer', storeId },
    recordedAt: new Date(),
  };
}

const positions = (messages: BusMessage[]) => messages.map((m) => m.event.position);

interface Adapter {
  name: string;
  open(): Promise<Bus | null>;
  cleanup(): Promise<void>;
}

const nats: Adapter = (() => {
  const stream = uniqueName('BUS_CONTRACT');
  let url: string | null = null;
  return {
    name: 'nats',
    async open() {
      url = await natsUrl();
      if (!url) return null;
      return connectNatsBus({ url, streamName: stream, subjectPrefix: stream.toLowerCase(), retryDelayMs: 50 });
    },
    async cleanup() {
      if (url) await deleteNatsStream(url, stream);
    },
  };
})();

const memory: Adapter = {
  name: 'memory',
  open: async () => memoryBus({ retryDelayMs: 50 }),
  cleanup: async () => {},
};

describe.each([memory, nats])('$name bus', (adapter) => {
  let bus: Bus | null = null;

  beforeAll(async () => {
    bus = await adapter.open();
  });
  afterAll(async () => {
    await bus?.close();
    await adapter.cleanup();
  });

  function need(): Bus {
    if (!bus) throw new Error('unreachable');
    return bus;
  }

  it('delivers a republished event once, by event id', async (ctx) => {
    if (!bus) return ctx.skip();
    const received: BusMessage[] = [];
    const sub = await need().consume(uniqueName('dedupe'), async (batch) => {
      received.push(...batch);
    });
    const first = event();
    const second = event();
    await need().publish(first, 0);
    await need().publish(first, 0);
    await need().publish(second, first.position);
    const marker = event();
    await need().publish(marker, second.position);
    await until(() => received.length >= 3);
    await sub.close();
    expect(positions(received)).toEqual([first.position, second.position, marker.position]);
    expect(received[1]?.previousPosition).toBe(first.position);
    expect(received[0]?.event).toEqual(first);
  });

  it('delivers to a durable consumer in order, and resumes after a restart where it stopped', async (ctx) => {
    if (!bus) return ctx.skip();
    const name = uniqueName('ordered');
    const received: BusMessage[] = [];
    const batches: number[] = [];
    const handler = async (batch: readonly BusMessage[]) => {
      batches.push(batch.length);
      received.push(...batch);
    };
    let sub = await need().consume(name, handler);
    const batch = Array.from({ length: 120 }, (_, i) => event(`order-${i % 7}`));
    let previous = 0;
    for (const e of batch.slice(0, 60)) {
      await need().publish(e, previous);
      previous = e.position;
    }
    await until(() => received.length >= 60);
    await sub.close();
    // Published while no one consumes: kept for the durable consumer.
    for (const e of batch.slice(60)) {
      await need().publish(e, previous);
      previous = e.position;
    }
    sub = await need().consume(name, handler);
    await until(() => received.length >= 120);
    const marker = event();
    await need().publish(marker, previous);
    await until(() => received.length >= 121);
    await sub.close();
    expect(positions(received)).toEqual([...batch.map((e) => e.position), marker.position]);
    // Messages published while no one consumed came in batches, not one by one.
    expect(Math.max(...batches)).toBeGreaterThan(1);
  });

  it('hands a handler at most the batch size it asked for', async (ctx) => {
    if (!bus) return ctx.skip();
    const name = uniqueName('small');
    let sub = await need().consume(name, async () => {});
    await sub.close();
    let previous = 0;
    const events = Array.from({ length: 25 }, () => event());
    for (const e of events) {
      await need().publish(e, previous);
      previous = e.position;
    }
    const sizes: number[] = [];
    const received: BusMessage[] = [];
    sub = await need().consume(
      name,
      async (batch) => {
        sizes.push(batch.length);
        received.push(...batch);
      },
      { maxBatch: 4 },
    );
    await until(() => received.length >= 25);
    await sub.close();
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(positions(received)).toEqual(events.map((e) => e.position));
  });

  it('delivers a failed batch again until its handler accepts it, acknowledging nothing it refused', async (ctx) => {
    if (!bus) return ctx.skip();
    const attempts: number[] = [];
    const applied: number[] = [];
    const events = [event(), event(), event()];
    let failed = false;
    const sub = await need().consume(uniqueName('retry'), async (batch) => {
      attempts.push(...batch.map((m) => m.event.position));
      if (batch.some((m) => m.event.position === events[1]?.position) && !failed) {
        failed = true;
        throw new Error('database down');
      }
      applied.push(...batch.map((m) => m.event.position));
    });
    let previous = 0;
    for (const e of events) {
      await need().publish(e, previous);
      previous = e.position;
    }
    const [a, b, c] = events.map((e) => e.position) as [number, number, number];
    await until(() => [a, b, c].every((p) => applied.includes(p)));
    await sub.close();
    // The refused batch came again; on NATS it may come after a later one (the runner restores order).
    expect(attempts.filter((p) => p === b)).toHaveLength(2);
    expect(applied.filter((p) => p === b)).toHaveLength(1);
    expect([...new Set(applied)].sort((x, y) => x - y)).toEqual([a, b, c]);
  });

  it('follows live from now on, without what was published before', async (ctx) => {
    if (!bus) return ctx.skip();
    const before = event();
    await need().publish(before, 0);
    const seen: BusMessage[] = [];
    const sub = await need().follow((m) => seen.push(m));
    const after = [event('reservation-9', null), event('catalog-menu-1')];
    await need().publish(after[0]!, before.position);
    await need().publish(after[1]!, after[0]!.position);
    await until(() => seen.length >= 2);
    await sub.close();
    expect(positions(seen)).toEqual(after.map((e) => e.position));
  });
});

describe('subjects', () => {
  it('name the store, the context (first segment of the stream id) and the event type', () => {
    const e = event('catalog-store-1', 'store-1');
    expect(subjectOf(e)).toBe('cafe.store-1.catalog.OrderPlaced');
    expect(subjectOf({ ...e, metadata: { ...e.metadata, storeId: null } })).toBe('cafe._.catalog.OrderPlaced');
    expect(subjectOf({ ...e, metadata: { ...e.metadata, storeId: 'a.b c' } }, 'x')).toBe('x.a_b_c.catalog.OrderPlaced');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { createLiveHub, DEBOUNCE_MS, MAX_REPLAY, MAX_STREAMS_PER_CLIENT, MAX_STREAMS_TOTAL, type LiveFrame, type LiveMessage } from './hub';

/** A store of `count` events `step` positions apart, each mapped to one message on the `admin` topic. */
function hubOver(count: number, step = 1) {
  const events = Array.from({ length: count }, (_, i) => ({ position: (i + 1) * step }) as RecordedEvent);
  const head = count * step;
  let read = 0;
  const hub = createLiveHub({
    eventStore: {
      headPosition: async () => head,
      readAll: async ({ after = 0, maxCount = 500 } = {}) => {
        const page = events.filter((e) => e.position > after).slice(0, maxCount);
        read += page.length;
        return page;
      },
    },
    map: () => [{ event: 'reservation-updated', data: null, topics: ['admin'] }],
  });
  return { hub, readCount: () => read };
}

async function framesOf(hub: ReturnType<typeof hubOver>['hub'], after: number | null): Promise<LiveFrame[]> {
  const frames: LiveFrame[] = [];
  const abort = new AbortController();
  await hub.open({ topics: new Set(['admin']), after, signal: abort.signal }, (f) => frames.push(f));
  abort.abort();
  return frames;
}

describe('the live hub (docs/security.md, finding 14)', () => {
  it('gives a fresh client an event published while "now" was read, also when "now" already counts it', async () => {
    let publishedEvent: (() => void) | undefined;
    const hub = createLiveHub({
      eventStore: {
        // The event commits and is published while the head is being read; the head then counts it.
        headPosition: () =>
          new Promise((resolve) => {
            publishedEvent = () => resolve(7);
          }),
        readAll: async () => [],
      },
      map: () => [{ event: 'catalog-changed', data: null, topics: ['catalog'] }],
    });
    const frames: LiveFrame[] = [];
    const abort = new AbortController();
    const opened = hub.open({ topics: new Set(['catalog']), after: null, signal: abort.signal }, (f) => frames.push(f));
    hub.publish({ position: 7 } as RecordedEvent);
    publishedEvent!();
    await opened;
    abort.abort();
    expect(frames.map((f) => f.event ?? null)).toEqual([null, 'catalog-changed']);
  });

  it('replays what a client missed, up to MAX_REPLAY events', async () => {
    const { hub } = hubOver(MAX_REPLAY + 10);
    const frames = await framesOf(hub, 10);
    expect(frames.filter((f) => f.event === 'reservation-updated')).toHaveLength(MAX_REPLAY);
  });

  it('sends a resync instead of replaying the store to a client far behind, and treats a position past the newest as now', async () => {
    const { hub, readCount } = hubOver(MAX_REPLAY + 500);
    expect(await framesOf(hub, 0)).toEqual([{ id: MAX_REPLAY + 500, event: 'resync', data: null }]);
    expect(await framesOf(hub, Number.MAX_SAFE_INTEGER)).toEqual([]);
    // Deciding costs one bounded read, never a read of the store.
    expect(readCount()).toBeLessThanOrEqual(MAX_REPLAY + 1);
  });

  it('counts what a client missed in events, not positions: positions have gaps (decision 040)', async () => {
    const { hub } = hubOver(20, 4096);
    const frames = await framesOf(hub, 10 * 4096);
    expect(frames.filter((f) => f.event === 'reservation-updated')).toHaveLength(10);
    expect(frames.some((f) => f.event === 'resync')).toBe(false);
  });

  it('caps the streams one client address holds open, and frees a place when one ends', () => {
    const { hub } = hubOver(0);
    const streams = Array.from({ length: MAX_STREAMS_PER_CLIENT }, () => new AbortController());
    expect(streams.every((s) => hub.claim('203.0.113.5', s.signal))).toBe(true);
    expect(hub.claim('203.0.113.5', new AbortController().signal)).toBe(false);
    expect(hub.claim('198.51.100.7', new AbortController().signal)).toBe(true);
    streams[0]!.abort();
    expect(hub.claim('203.0.113.5', new AbortController().signal)).toBe(true);
  });

  it('caps the streams of the whole process across addresses (decision 196)', () => {
    const { hub } = hubOver(0);
    const streams = Array.from({ length: MAX_STREAMS_TOTAL }, () => new AbortController());
    expect(streams.every((s, i) => hub.claim(`10.0.${i >> 8}.${i & 255}`, s.signal))).toBe(true);
    expect(hub.claim('198.51.100.7', new AbortController().signal)).toBe(false);
    streams[0]!.abort();
    expect(hub.claim('198.51.100.7', new AbortController().signal)).toBe(true);
  });

  describe('availability notices (decision 165)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * A fresh catalog stream (fake timers on) of a hub whose events at positions 1–3 are sell-outs
     * of items a, b, a of store s, and 4 a catalog change: publish, the frames with a message, and the end.
     */
    async function noticeStream() {
      vi.useFakeTimers();
      const messages: Record<number, LiveMessage> = {
        1: { event: 'stock-updated', data: { store_id: 's', menu_ids: ['a'] }, topics: ['catalog'], debounced: true },
        2: { event: 'stock-updated', data: { store_id: 's', menu_ids: ['b'] }, topics: ['catalog'], debounced: true },
        3: { event: 'stock-updated', data: { store_id: 's', menu_ids: ['a'] }, topics: ['catalog'], debounced: true },
        4: { event: 'catalog-updated', data: { kind: 'menu' }, topics: ['catalog'] },
      };
      const hub = createLiveHub({
        eventStore: { headPosition: async () => 0, readAll: async () => [] },
        map: (e) => (messages[e.position] ? [messages[e.position]!] : []),
      });
      const frames: LiveFrame[] = [];
      const abort = new AbortController();
      await hub.open({ topics: new Set(['catalog']), after: null, signal: abort.signal }, (f) => frames.push(f));
      return {
        publish: (...positions: number[]) => positions.forEach((position) => hub.publish({ position } as RecordedEvent)),
        messages: () => frames.filter((f) => f.event),
        end: () => abort.abort(),
      };
    }

    it('holds them for DEBOUNCE_MS from the first and sends a burst as one frame', async () => {
      const stream = await noticeStream();
      stream.publish(1, 2, 3);
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
      expect(stream.messages()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(stream.messages()).toEqual([{ id: 3, event: 'stock-updated', data: { store_id: 's', menu_ids: ['a', 'b'] } }]);
      stream.end();
    });

    it('sends a held notice before any later frame, so nothing overtakes it', async () => {
      const stream = await noticeStream();
      stream.publish(1, 4);
      expect(stream.messages().map((f) => [f.id, f.event])).toEqual([
        [1, 'stock-updated'],
        [4, 'catalog-updated'],
      ]);
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
      expect(stream.messages()).toHaveLength(2);
      stream.end();
    });
  });
});

describe('frames after the read models (the kitchen that missed a kept order)', () => {
  /** A hub whose read models apply an event only when the test says so; the store holds `stored`. */
  function gatedHub(stored: number[]) {
    const applied = new Map<number, () => void>();
    const waited: number[] = [];
    const hub = createLiveHub({
      eventStore: {
        headPosition: async () => Math.max(0, ...stored),
        readAll: async ({ after = 0, maxCount = 500 } = {}) =>
          stored
            .filter((p) => p > after)
            .slice(0, maxCount)
            .map((position) => ({ position }) as RecordedEvent),
      },
      map: () => [{ event: 'new-order', data: null, topics: ['kitchen'] }],
      readModelsAt: (position) => {
        waited.push(position);
        return new Promise<void>((resolve) => applied.set(position, resolve));
      },
    });
    const apply = (position: number) => applied.get(position)!();
    /**
     * `handed` published and applied (the streams were handed it), then `pending` published and
     * still waiting for the read models; then a kitchen screen opens after `after`: its frames.
     */
    async function openWhilePending(handed: number, pending: number, after: number | null) {
      hub.publish({ position: handed } as RecordedEvent);
      await tick();
      apply(handed);
      await tick();
      hub.publish({ position: pending } as RecordedEvent);
      const frames: LiveFrame[] = [];
      const abort = new AbortController();
      await hub.open({ topics: new Set(['kitchen']), after, signal: abort.signal }, (f) => frames.push(f));
      return { frames, abort };
    }
    return { hub, waited, apply, openWhilePending };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('sends a frame only once the read models have applied its event: the screen reloads on it and must see it', async () => {
    const { hub, waited, apply } = gatedHub([]);
    const frames: LiveFrame[] = [];
    const abort = new AbortController();
    await hub.open({ topics: new Set(['kitchen']), after: null, signal: abort.signal }, (f) => frames.push(f));
    hub.publish({ position: 5 } as RecordedEvent);
    await tick();
    // The screen would read its list now and find the order missing: nothing goes out yet.
    expect(frames.filter((f) => f.event)).toEqual([]);
    expect(waited).toEqual([5]);
    apply(5);
    await tick();
    expect(frames.filter((f) => f.event)).toEqual([{ id: 5, event: 'new-order', data: null }]);
    abort.abort();
  });

  it('waits once for the events that arrived meanwhile, and sends them in order', async () => {
    const { hub, waited, apply } = gatedHub([]);
    const frames: LiveFrame[] = [];
    const abort = new AbortController();
    await hub.open({ topics: new Set(['kitchen']), after: null, signal: abort.signal }, (f) => frames.push(f));
    hub.publish({ position: 5 } as RecordedEvent);
    hub.publish({ position: 6 } as RecordedEvent);
    hub.publish({ position: 9 } as RecordedEvent);
    await tick();
    apply(5);
    await tick();
    expect(waited).toEqual([5, 9]);
    expect(frames.filter((f) => f.event).map((f) => f.id)).toEqual([5]);
    apply(9);
    await tick();
    expect(frames.filter((f) => f.event).map((f) => f.id)).toEqual([5, 6, 9]);
    abort.abort();
  });

  it('tells a fresh client the position it has been sent up to, so an event the store holds but the read models have not applied still reaches it', async () => {
    const { apply, openWhilePending } = gatedHub([3, 7]);
    // 7 is in the store (the head counts it) and waits for the read models when the screen opens.
    const { frames, abort } = await openWhilePending(3, 7, null);
    expect(frames).toEqual([{ id: 3 }]);
    apply(7);
    await tick();
    expect(frames).toEqual([{ id: 3 }, { id: 7, event: 'new-order', data: null }]);
    abort.abort();
  });

  it('replays a reconnecting client up to what has been sent live, not past it: the rest comes once applied', async () => {
    const { apply, openWhilePending } = gatedHub([3, 7]);
    const { frames, abort } = await openWhilePending(3, 7, 1);
    // Its Last-Event-ID moves to 3, not to the head (7): 7 is not skipped when it comes.
    expect(frames).toEqual([{ id: 3, event: 'new-order', data: null }, { id: 3 }]);
    apply(7);
    await tick();
    expect(frames).toEqual([{ id: 3, event: 'new-order', data: null }, { id: 3 }, { id: 7, event: 'new-order', data: null }]);
    abort.abort();
  });

  it('resyncs a client far behind to what has been sent live, not to the head: an event still waiting for the read models comes once applied', async () => {
    const stored = Array.from({ length: MAX_REPLAY + 5 }, (_, i) => i + 1);
    const { apply, openWhilePending } = gatedHub(stored);
    const handed = MAX_REPLAY + 4;
    // The head's last event is in the store and waits for the read models when the screen reconnects.
    const { frames, abort } = await openWhilePending(handed, MAX_REPLAY + 5, 1);
    expect(frames).toEqual([{ id: handed, event: 'resync', data: null }]);
    apply(MAX_REPLAY + 5);
    await tick();
    expect(frames).toEqual([
      { id: handed, event: 'resync', data: null },
      { id: MAX_REPLAY + 5, event: 'new-order', data: null },
    ]);
    abort.abort();
  });

  it('sends the frames anyway when the read models do not catch up: a late frame rather than none', async () => {
    const hub = createLiveHub({
      eventStore: { headPosition: async () => 0, readAll: async () => [] },
      map: () => [{ event: 'new-order', data: null, topics: ['kitchen'] }],
      readModelsAt: async () => {
        throw new Error('read models did not catch up in time');
      },
    });
    const frames: LiveFrame[] = [];
    const abort = new AbortController();
    await hub.open({ topics: new Set(['kitchen']), after: null, signal: abort.signal }, (f) => frames.push(f));
    hub.publish({ position: 4 } as RecordedEvent);
    await tick();
    expect(frames.filter((f) => f.event)).toEqual([{ id: 4, event: 'new-order', data: null }]);
    abort.abort();
  });
});

import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { droppingOnCatalogAppends, referenceDataCache } from './cache';

function loader<T>(values: T[]) {
  let calls = 0;
  return {
    load: async () => values[Math.min(calls++, values.length - 1)]!,
    calls: () => calls,
  };
}

const metadata = { correlationId: 'c', causationId: null, actor: 'admin', storeId: '1' };

describe('the reference-data cache', () => {
  it('loads a value once, until the catalog changes; then keeps nothing until the read models have applied the change', async () => {
    let applied = 10;
    const cache = referenceDataCache({ appliedUpTo: async () => applied });
    const seats = loader(['old', 'old', 'new']);
    expect(await cache.get('seats', seats.load)).toBe('old');
    expect(await cache.get('seats', seats.load)).toBe('old');
    expect(seats.calls()).toBe(1);

    cache.changed(12);
    // The read models are still at 10: what they answer is not kept.
    expect(await cache.get('seats', seats.load)).toBe('old');
    expect(seats.calls()).toBe(2);
    applied = 12;
    expect(await cache.get('seats', seats.load)).toBe('new');
    expect(await cache.get('seats', seats.load)).toBe('new');
    expect(seats.calls()).toBe(3);
  });

  it('keeps nothing before the read models reach the store’s head at start', async () => {
    let applied = 0;
    const cache = referenceDataCache({ startPosition: 5, appliedUpTo: async () => applied });
    const hours = loader(['partial', 'complete']);
    expect(await cache.get('hours', hours.load)).toBe('partial');
    applied = 5;
    expect(await cache.get('hours', hours.load)).toBe('complete');
    expect(await cache.get('hours', hours.load)).toBe('complete');
    expect(hours.calls()).toBe(2);
  });

  it('does not keep a value whose load ran across a change, nor a failed load', async () => {
    const cache = referenceDataCache({ appliedUpTo: async () => 100 });
    let release: (value: string) => void = () => {};
    const slow = cache.get('menus', () => new Promise<string>((resolve) => (release = resolve)));
    cache.changed(3);
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get('menus', async () => 'after the change')).toBe('after the change');

    await expect(cache.get('stores', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('stores', async () => 'back')).toBe('back');
  });

  it('forgets values older than maxAgeMs and keeps at most maxEntries', async () => {
    let clock = 0;
    const cache = referenceDataCache({ appliedUpTo: async () => 0, maxAgeMs: 1000, maxEntries: 2, now: () => clock });
    const a = loader(['a1', 'a2', 'a3']);
    await cache.get('a', a.load);
    clock = 999;
    await cache.get('a', a.load);
    expect(a.calls()).toBe(1);
    clock = 1000;
    expect(await cache.get('a', a.load)).toBe('a2');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    // 'a' was the oldest of three.
    expect(await cache.get('a', a.load)).toBe('a3');
  });

  it('says whether an object it answered is still the one kept: not after a change, an expiry or being pushed out (decision 460)', async () => {
    let clock = 0;
    const cache = referenceDataCache({ appliedUpTo: async () => 100, maxAgeMs: 1000, maxEntries: 2, now: () => clock });
    const home = await cache.get('home', async () => ({ cards: 1 }));
    expect(cache.holds(home)).toBe(true);
    expect(cache.holds({ cards: 1 })).toBe(false);
    cache.changed(3);
    expect(cache.holds(home)).toBe(false);

    const again = await cache.get('home', async () => ({ cards: 2 }));
    expect(cache.holds(again)).toBe(true);
    clock = 1000;
    expect(cache.holds(again)).toBe(false);

    const first = await cache.get('a', async () => ({ a: 1 }));
    await cache.get('b', async () => ({ b: 1 }));
    await cache.get('c', async () => ({ c: 1 }));
    expect(cache.holds(first)).toBe(false);

    // A value read while the read models were behind a change was not kept: nothing holds it.
    const behind = referenceDataCache({ startPosition: 5, appliedUpTo: async () => 0 });
    expect(behind.holds(await behind.get('home', async () => ({ cards: 0 })))).toBe(false);
  });

  it('hears of this process’s own catalog appends as soon as they are stored', async () => {
    const changes: number[] = [];
    const store = droppingOnCatalogAppends(memoryEventStore(), {
      get: (_key, load) => load(),
      changed: (position) => changes.push(position),
      holds: () => false,
    });
    await store.appendToStream('reservation-1', [{ eventId: 'e1', type: 'ReservationRequested', data: {}, metadata }], { expectedRevision: 'no_stream' });
    const saved = await store.appendToStream('catalog-seat-7', [{ eventId: 'e2', type: 'RecordSaved', data: {}, metadata }], { expectedRevision: 'no_stream' });
    expect(changes).toEqual([saved.lastPosition]);
  });
});

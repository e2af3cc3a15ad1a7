import type { AppendResult, EventStore, NewEvent, RecordedEvent } from '@moncafe/domain/ports';

/**
 * Reference data — the catalog: stores, seats, menus, business hours, settings — kept in memory
 * per process, so a seat attempt or a public page does not read five tables every time. It
 * changes only through catalog events, and every process hears of them: its own appends at
 * once, the other processes' through the bus. A change drops everything; a value is kept again
 * only once the read models have applied the change (a value read before that would be the old
 * one, kept until the next change). A value also expires after `maxAgeMs`, the safety net for a
 * bus message that never came.
 */
export interface ReferenceDataCache {
  /** The value under `key`, loaded by `load` once per version of the catalog. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The catalog changed with the event at `position`. */
  changed(position: number): void;
  /**
   * Whether `value` (an object a `get` answered) is still the one kept under its key: no change
   * since, not expired, not pushed out. A page made from it may be answered again without asking
   * `get` (decision 460).
   */
  holds(value: unknown): boolean;
}

export interface ReferenceDataCacheOptions {
  /** The position every read model has applied (the slowest projector's checkpoint). */
  appliedUpTo(): Promise<number>;
  /** The position of the newest event when the cache is made: nothing is kept before the read models reach it. */
  startPosition?: number;
  maxAgeMs?: number;
  /** Values kept at most (keys come from requests, e.g. a cart's menu ids): the oldest go first. */
  maxEntries?: number;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
}

interface Entry {
  value: Promise<unknown>;
  loadedAt: number;
}

export function referenceDataCache(options: ReferenceDataCacheOptions): ReferenceDataCache {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? (() => performance.now());
  let entries = new Map<string, Entry>();
  // The objects the kept values resolved to, with where they were kept (for `holds`).
  const keptAs = new WeakMap<object, { key: string; entry: Entry }>();
  // Bumped by every change: a value loaded across a change is not kept.
  let version = 0;
  // The newest change the read models may not have applied yet (0: none).
  let pending = options.startPosition ?? 0;

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.loadedAt < maxAgeMs) return hit.value as Promise<T>;
      const seen = version;
      if (pending > 0) {
        const applied = await options.appliedUpTo();
        // Not there yet (or changed again meanwhile): read the read models, keep nothing.
        if (applied < pending || version !== seen) return load();
        pending = 0;
      }
      const value = load();
      const entry = { value, loadedAt: now() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.then(
        (resolved) => {
          if (typeof resolved === 'object' && resolved !== null) keptAs.set(resolved, { key, entry });
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },

    holds(value: unknown): boolean {
      if (typeof value !== 'object' || value === null) return false;
      const kept = keptAs.get(value);
      return kept !== undefined && entries.get(kept.key) === kept.entry && now() - kept.entry.loadedAt < maxAgeMs;
    },

    changed(position: number) {
      version += 1;
      pending = Math.max(pending, position);
      // A load still running was started before the change: it lands in the old map.
      entries = new Map();
    },
  };
}

/** Catalog events: the stream of each record is `catalog-{kind}-{id}` (domain/src/catalog/decider.ts). */
export function isReferenceData(event: Pick<RecordedEvent, 'streamId'>): boolean {
  return event.streamId.startsWith('catalog-');
}

/**
 * The event store, telling `cache` of this process's own catalog appends as soon as they are
 * stored: the command's caller may read right after it (read-your-writes) before the bus has
 * carried the event around.
 */
export function droppingOnCatalogAppends(eventStore: EventStore, cache: ReferenceDataCache): EventStore {
  return {
    ...eventStore,
    async appendToStream(streamId: string, events: readonly NewEvent[], options: Parameters<EventStore['appendToStream']>[2]): Promise<AppendResult> {
      const result = await eventStore.appendToStream(streamId, events, options);
      if (isReferenceData({ streamId })) cache.changed(result.lastPosition);
      return result;
    },
  };
}

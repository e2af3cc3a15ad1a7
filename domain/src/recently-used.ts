/**
 * A map that keeps at most `limit` entries and drops the least recently used first: reading an
 * entry (`get`) or writing it makes it the most recent. What a process remembers of a log that
 * grows for years (streams' folded states, guests' data keys) stays the same size however long
 * the log is.
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`a limit of at least one entry, not ${limit}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry, now the most recent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Most recently used last: a Map iterates in insertion order, so the first is the oldest.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The entry, leaving its place as it is. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }

  clear(): void {
    this.entries.clear();
  }
}

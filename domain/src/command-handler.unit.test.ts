import { describe, expect, it } from 'vitest';
import { memoryEventStore } from './testing/memory-event-store';
import { commandHandler, currentState } from './command-handler';
import { DomainError, type Decider } from './decider';
import { WrongExpectedRevisionError, type EventStore, type NewEvent } from './ports';

/** A counter that refuses to pass a limit: enough to see what state each decision was made on. */
type Counted = { type: 'Counted'; data: { by: string; value: number } };
const counter: Decider<{ value: number }, { type: 'Count'; by: string; limit: number }, Counted> = {
  initialState: () => ({ value: 0 }),
  evolve: (state, event) => ({ value: event.data.value }),
  decide: (command, state) => {
    if (state.value >= command.limit) throw new DomainError('full');
    return [{ type: 'Counted', data: { by: command.by, value: state.value + 1 } }];
  },
  parseEvent: (event) => (event.type === 'Counted' ? (event as Counted) : null),
};

let n = 0;
const ids = { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, token: () => 'token' };
const context = { correlationId: 'c', actor: 'test' };

/** The memory store, counting what reaches it. */
function observedStore() {
  const inner = memoryEventStore();
  const reads: { streamId: string; fromRevision: number }[] = [];
  let conflicts = 0;
  let appends = 0;
  const store: EventStore = {
    ...inner,
    async readStream(streamId, options) {
      reads.push({ streamId, fromRevision: options?.fromRevision ?? 0 });
      return inner.readStream(streamId, options);
    },
    async appendToStream(streamId, events, options) {
      appends++;
      try {
        return await inner.appendToStream(streamId, events, options);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) conflicts++;
        throw error;
      }
    },
  };
  return { store, inner, reads, conflicts: () => conflicts, appends: () => appends };
}

function counted(by: string, value: number): NewEvent {
  return { eventId: ids.uuid(), type: 'Counted', data: { by, value }, metadata: { correlationId: 'c', causationId: null, actor: by, storeId: null } };
}

describe('the command handler in one process', () => {
  it('runs concurrent commands on one stream one after the other: none conflicts, each decides on the state the one before left, and those that waited together are appended together', async () => {
    const { store, conflicts, appends } = observedStore();
    const { handle } = commandHandler(counter, { eventStore: store, ids, maxAttempts: 1 });
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => handle('count-1', { type: 'Count', by: `c${i}`, limit: 30 }, context)));
    expect(conflicts()).toBe(0);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as DomainError).code)).toEqual(Array(10).fill('full'));
    expect((await store.readStream('count-1')).map((e) => (e.data as { value: number }).value)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Each command answers the revision its own event reached.
    const revisions = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.revision] : []));
    expect(revisions).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // The first command ran alone; the 39 that waited for it were decided together and their events appended at once.
    expect(appends()).toBe(2);
  });

  it('reads only the events after the revision it already knows', async () => {
    const { store, reads } = observedStore();
    const { handle } = commandHandler(counter, { eventStore: store, ids });
    for (let i = 0; i < 3; i++) await handle('count-2', { type: 'Count', by: 'a', limit: 10 }, context);
    expect(reads.filter((r) => r.streamId === 'count-2').map((r) => r.fromRevision)).toEqual([0, 1, 2]);
    // A handler made again for the same store shares what the process knows.
    await commandHandler(counter, { eventStore: store, ids }).handle('count-2', { type: 'Count', by: 'b', limit: 10 }, context);
    expect(reads.filter((r) => r.streamId === 'count-2').at(-1)?.fromRevision).toBe(3);
    expect(await currentState(store, counter, 'count-2')).toEqual({ value: 4 });
  });

  it('sees what another process appended before deciding, and decides again after a conflict', async () => {
    const { store, inner } = observedStore();
    const { handle } = commandHandler(counter, { eventStore: store, ids });
    await handle('count-3', { type: 'Count', by: 'here', limit: 3 }, context);
    // Another process appends behind this one's back.
    await inner.appendToStream('count-3', [counted('elsewhere', 2)], { expectedRevision: 0 });
    const next = await handle('count-3', { type: 'Count', by: 'here', limit: 3 }, context);
    expect(next.events).toEqual([{ type: 'Counted', data: { by: 'here', value: 3 } }]);
    await inner.appendToStream('count-3', [counted('elsewhere', 4)], { expectedRevision: 2 });
    await expect(handle('count-3', { type: 'Count', by: 'here', limit: 3 }, context)).rejects.toMatchObject({ code: 'full' });

    // A conflict: the other process appends between this one's read and its append.
    let interfere = true;
    const racing: EventStore = {
      ...store,
      async appendToStream(streamId, events, options) {
        if (interfere) {
          interfere = false;
          await inner.appendToStream(streamId, [counted('elsewhere', 10)], { expectedRevision: 'any' });
        }
        return store.appendToStream(streamId, events, options);
      },
    };
    const raced = commandHandler(counter, { eventStore: racing, ids });
    await raced.handle('count-4', { type: 'Count', by: 'here', limit: 20 }, context);
    expect((await inner.readStream('count-4')).map((e) => (e.data as { value: number }).value)).toEqual([10, 11]);
  });
});

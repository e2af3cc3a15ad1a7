import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '../testing/memory-event-store';
import { foldStream } from '../command-handler';
import { saveRecord } from './catalog-service';
import { catalogDecider } from './decider';
import { reorderRecords } from './display-order';
import { toStreamName } from './events';

const deps = () => ({ eventStore: memoryEventStore(), ids: { uuid: () => 'id', token: () => 'token' } });
const context = { correlationId: 'c-1', actor: 'admin-1' };

describe('putting records in order', () => {
  it('refuses seats of two stores in one order, and changes nothing', async () => {
    const d = deps();
    await saveRecord(d, { kind: 'seat', id: 'a', data: { store_id: '2', name: 'A', max_people: 2, display_order: 1 } }, context);
    await saveRecord(d, { kind: 'seat', id: 'b', data: { store_id: '3', name: 'B', max_people: 2, display_order: 2 } }, context);
    await expect(reorderRecords(d, { kind: 'seat', ids: ['b', 'a'] }, context)).rejects.toMatchObject({ code: 'mixed_stores' });
    expect(await d.eventStore.headPosition()).toBe(2);
  });

  it('puts the homepage’s cards in one order across the site and its stores, each event naming its card’s store (decision 456)', async () => {
    const d = deps();
    await saveRecord(d, { kind: 'homepage-card', id: 'site', data: { card_type: 'other', title: 'サイト', display_order: 1 } }, context);
    await saveRecord(d, { kind: 'homepage-card', id: 'west', data: { card_type: 'other', title: '西口', store_id: '3', display_order: 2 } }, context);
    await reorderRecords(d, { kind: 'homepage-card', ids: ['west', 'site'] }, context);
    const saved = async (id: string) => {
      const events = await d.eventStore.readStream(toStreamName('homepage-card', id));
      const state = foldStream(catalogDecider, events);
      return { order: state.status === 'saved' ? (state.data as { display_order: number }).display_order : null, store: events.at(-1)!.metadata.storeId };
    };
    expect(await saved('west')).toEqual({ order: 1, store: '3' });
    expect(await saved('site')).toEqual({ order: 2, store: null });
  });
});

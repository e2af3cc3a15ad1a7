import { describe, expect, it } from 'vitest';
import type { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { manualClock } from '../testing/manual-clock';
import { memoryEventStore } from '../testing/memory-event-store';
import type { CatalogEvent } from './events';
import { toStreamName } from './events';
import { storeSchema, type StoreData } from './kinds';
import { storeDecider, storeService, type StoreDetails } from './store-service';

const details: StoreDetails = {
  name: 'MonCafe 西口店',
  postal_code: '160-0023',
  address: '東京都新宿区西新宿1-2-3',
  phone: '03-2222-3333',
  email: 'nishiguchi@example.jp',
  access_note: '西口から徒歩3分',
  display_order: 2,
};
const stored = (data: Partial<StoreData> = {}): StoreData => storeSchema.parse({ ...details, ...data });
const saved = (data: StoreData): CatalogEvent => ({ type: 'RecordSaved', data: { kind: 'store', id: 's-2', data } });
const spec = deciderSpecification(storeDecider);
const code = (expected: string) => (error: DomainError) => error.code === expected;

describe('store decider', () => {
  it('given nothing, when a store is opened, then it is saved open with the default point and fence', () => {
    spec
      .given([])
      .when({ type: 'OpenStore', id: 's-2', details })
      .then([saved(stored())]);
  });

  it('given a store, when it is opened again, then store_exists', () => {
    spec
      .given([saved(stored())])
      .when({ type: 'OpenStore', id: 's-2', details })
      .thenThrows(code('store_exists'));
  });

  it('given a store with a point, when it is edited, then the new details keep the point, fence and check-in mode', () => {
    const placed = stored({ latitude: 35.69, longitude: 139.7, geofence_radius_m: 150, table_check_in: 'staff' });
    spec
      .given([saved(placed)])
      .when({ type: 'EditStore', id: 's-2', details: { ...details, name: 'MonCafe 新宿西口店', phone: '03-9999-0000' } })
      .then([saved({ ...placed, name: 'MonCafe 新宿西口店', phone: '03-9999-0000' })]);
  });

  it('given a store, when it is edited to what it is, then nothing happens', () => {
    spec
      .given([saved(stored())])
      .when({ type: 'EditStore', id: 's-2', details })
      .thenNothingHappens();
  });

  it('given a store, when an edit breaks a field, then invalid_record', () => {
    spec
      .given([saved(stored())])
      .when({ type: 'EditStore', id: 's-2', details: { ...details, phone: 'call us' } })
      .thenThrows(code('invalid_record'));
  });

  it('given nothing, when a store is edited or closed, then not_found', () => {
    spec.given([]).when({ type: 'EditStore', id: 's-2', details }).thenThrows(code('not_found'));
    spec.given([]).when({ type: 'CloseStore', id: 's-2', on: '2026-11-26', otherOpenStores: 1 }).thenThrows(code('not_found'));
  });

  it('given a store, when it is closed, then it keeps every field and records the day', () => {
    spec
      .given([saved(stored())])
      .when({ type: 'CloseStore', id: 's-2', on: '2026-11-26', otherOpenStores: 1 })
      .then([saved(stored({ closed_on: '2026-11-26' }))]);
  });

  it('given the only open store, when it is closed, then last_open_store', () => {
    spec
      .given([saved(stored())])
      .when({ type: 'CloseStore', id: 's-2', on: '2026-11-26', otherOpenStores: 0 })
      .thenThrows(code('last_open_store'));
  });

  it('given a closed store, when it is edited or closed again, then store_closed', () => {
    const closed = saved(stored({ closed_on: '2026-11-26' }));
    spec.given([closed]).when({ type: 'EditStore', id: 's-2', details }).thenThrows(code('store_closed'));
    spec.given([closed]).when({ type: 'CloseStore', id: 's-2', on: '2026-11-27', otherOpenStores: 1 }).thenThrows(code('store_closed'));
  });
});

describe('store service', () => {
  it('opens a store under a fresh id, records the admin and the store, and closes it on the Tokyo day', async () => {
    const eventStore = memoryEventStore();
    // 2026-11-26 16:00 UTC is already the 27th in Tokyo.
    let openStores = ['first-store'];
    const stores = storeService({
      eventStore,
      ids: { uuid: () => 'new-store', token: () => 't' },
      clock: manualClock(new Date('2026-11-26T16:00:00Z')),
      openStoreIds: async () => openStores,
    });
    const context = { correlationId: 'c-1', actor: 'admin-1' };
    const opened = await stores.open(details, context);
    expect(opened.storeId).toBe('new-store');
    // The read model lists the new store among the open ones: it alone is not another open store.
    openStores = ['new-store'];
    await expect(stores.close('new-store', context)).rejects.toMatchObject({ code: 'last_open_store' });
    openStores = ['first-store', 'new-store'];
    await stores.close('new-store', context);
    const events = await eventStore.readStream(toStreamName('store', 'new-store'));
    expect(events.map((e) => [e.metadata.actor, e.metadata.storeId, (e.data as { data: StoreData }).data.closed_on])).toEqual([
      ['admin-1', 'new-store', null],
      ['admin-1', 'new-store', '2026-11-27'],
    ]);
  });
});

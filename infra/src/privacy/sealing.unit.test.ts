import { describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@moncafe/domain/ports';
import { ERASED_FIELD, ERASED_TEXT, type PersonalData } from '@moncafe/domain/privacy/personal-data';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { secretBox } from '../secrets/secret-box';
import type { DataKey, PersonalKeyStore } from './personal-keys';
import { personalDataDeclarations } from './declarations';
import { personalDataSealer, sealingEventStore } from './sealing';

/** Keys in memory: the contract the PostgreSQL key table keeps (tests/privacy for that one). */
function memoryKeys(): PersonalKeyStore {
  const keys = new Map<string, DataKey>();
  return {
    async find(subjects) {
      return new Map(subjects.filter((s) => keys.has(s)).map((s) => [s, keys.get(s)!]));
    },
    async obtain(subject) {
      if (!keys.has(subject)) keys.set(subject, secretBox(`key-of-${subject}-${Math.random()}`));
      return keys.get(subject)!;
    },
    async erase(subjects) {
      for (const s of subjects) keys.set(s, 'erased');
    },
    async isErased(subject) {
      return keys.get(subject) === 'erased';
    },
    async resealAll() {
      return { resealed: 0, current: keys.size };
    },
    async *exportRows() {},
    async restore() {},
  };
}

const declarations: PersonalData[] = [
  { category: 'guest', events: { Booked: { 'contact.name': 'text', notes: 'empty', hash: 'none' }, Forgotten: { 'contact.name': 'text' } } },
];
const metadata = { correlationId: 'c', causationId: null, actor: 'test', storeId: null };
const booked = (data: unknown): NewEvent => ({ eventId: crypto.randomUUID(), type: 'Booked', data, metadata });
const data = { contact: { name: 'Ilsabet Marrow', seats: 2 }, notes: { plate: 'Yorvance' }, hash: '$argon2id$x', people: 2 };

describe('the sealing layer', () => {
  it('stores declared fields sealed, hands them back plain, and leaves the rest and other streams alone', async () => {
    const inner = memoryEventStore();
    const keys = memoryKeys();
    const store = sealingEventStore(inner, personalDataSealer({ declarations, keys }));
    await store.appendToStream('guest-1', [booked(data)], { expectedRevision: 'no_stream' });
    await store.appendToStream('other-1', [booked(data)], { expectedRevision: 'no_stream' });

    const [stored] = await inner.readStream('guest-1');
    const text = JSON.stringify(stored!.data);
    for (const value of ['Ilsabet', 'Yorvance', '$argon2id$']) expect(text).not.toContain(value);
    expect(stored!.data).toMatchObject({ contact: { name: expect.stringMatching(/^pd1\./), seats: 2 }, people: 2 });
    expect((await store.readStream('guest-1'))[0]!.data).toEqual(data);
    expect((await store.readAll()).map((e: RecordedEvent) => e.data)).toEqual([data, data]);
    expect((await inner.readStream('other-1'))[0]!.data).toEqual(data);
  });

  it("reads a forgotten subject's fields as their erased values, and an erasure marker as one", async () => {
    const inner = memoryEventStore();
    const keys = memoryKeys();
    const store = sealingEventStore(inner, personalDataSealer({ declarations, keys }));
    await store.appendToStream('guest-2', [booked(data)], { expectedRevision: 'no_stream' });
    await keys.erase(['guest-2']);
    await store.appendToStream('guest-2', [{ eventId: crypto.randomUUID(), type: 'Forgotten', data: { contact: { name: ERASED_FIELD } }, metadata }], {
      expectedRevision: 0,
    });
    const [first, second] = await store.readStream('guest-2');
    expect(first!.data).toEqual({ contact: { name: ERASED_TEXT, seats: 2 }, notes: {}, hash: null, people: 2 });
    expect(second!.data).toEqual({ contact: { name: ERASED_TEXT } });
    // Appending after the erasure makes no new key: the field is stored erased.
    await store.appendToStream('guest-2', [booked(data)], { expectedRevision: 1 });
    expect((await inner.readStream('guest-2'))[2]!.data).toMatchObject({ contact: { name: ERASED_FIELD } });
  });

  it('opens the events read by place as readStream does: plain for a known guest, erased for a forgotten one, null where none is', async () => {
    const inner = memoryEventStore();
    const keys = memoryKeys();
    const store = sealingEventStore(inner, personalDataSealer({ declarations, keys }));
    await store.appendToStream('guest-4', [booked(data)], { expectedRevision: 'no_stream' });
    await store.appendToStream('guest-5', [booked(data)], { expectedRevision: 'no_stream' });
    await keys.erase(['guest-5']);
    const read = await store.readEvents([
      { streamId: 'guest-5', revision: 0 },
      { streamId: 'guest-4', revision: 1 },
      { streamId: 'guest-4', revision: 0 },
    ]);
    expect(read.map((e) => e?.data ?? null)).toEqual([{ contact: { name: ERASED_TEXT, seats: 2 }, notes: {}, hash: null, people: 2 }, null, data]);
    expect(read[2]).toEqual((await store.readStream('guest-4'))[0]);
  });

  it('opens several streams read at once as readStream does, each stream its own events (decision 479)', async () => {
    const inner = memoryEventStore();
    const keys = memoryKeys();
    const store = sealingEventStore(inner, personalDataSealer({ declarations, keys }));
    await store.appendToStream('guest-6', [booked(data), booked(data)], { expectedRevision: 'no_stream' });
    await store.appendToStream('guest-7', [booked(data)], { expectedRevision: 'no_stream' });
    await keys.erase(['guest-7']);
    // Stored sealed: the store beneath does not hand out the name.
    expect(JSON.stringify(await inner.readStream('guest-6'))).not.toContain(JSON.stringify(data.contact.name));
    const read = await store.readStreams([
      { streamId: 'guest-7', fromRevision: 0 },
      { streamId: 'guest-6', fromRevision: 1 },
      { streamId: 'guest-8', fromRevision: 0 },
    ]);
    expect(read.get('guest-6')).toEqual((await store.readStream('guest-6')).slice(1));
    expect(read.get('guest-6')![0]!.data).toEqual(data);
    expect(read.get('guest-7')!.map((e) => e.data)).toEqual([{ contact: { name: ERASED_TEXT, seats: 2 }, notes: {}, hash: null, people: 2 }]);
    expect(read.get('guest-8')).toEqual([]);
  });

  it('seals a value once: sealing stored events again changes nothing', async () => {
    const sealer = personalDataSealer({ declarations, keys: memoryKeys() });
    const [once] = await sealer.seal('guest-3', [booked(data)]);
    const [twice] = await sealer.seal('guest-3', [once!]);
    expect(twice).toBe(once);
  });
});

describe('a receipt’s 宛名 (decision 517)', () => {
  const receipt = (reservationId: string): NewEvent => ({
    eventId: crypto.randomUUID(),
    type: 'ReceiptIssued',
    data: { receiptId: 'rc1', number: 1, reservationId, addressee: 'Orvandel Trading', proviso: 'ご飲食代', total: 1650 },
    metadata,
  });

  it('is sealed with the key of the visit’s reservation, not the store’s receipt book, and reads as 削除済み once that guest is forgotten', async () => {
    const inner = memoryEventStore();
    const keys = memoryKeys();
    const store = sealingEventStore(inner, personalDataSealer({ declarations: personalDataDeclarations, keys }));
    await store.appendToStream('receipts-2', [receipt('r-forgotten'), receipt('r-kept')], { expectedRevision: 'no_stream' });

    const stored = JSON.stringify((await inner.readStream('receipts-2')).map((e) => e.data));
    expect(stored).not.toContain('Orvandel');
    expect(stored).not.toContain('ご飲食代');
    expect((await store.readStream('receipts-2')).map((e) => (e.data as { addressee: string }).addressee)).toEqual(['Orvandel Trading', 'Orvandel Trading']);

    // Forgetting the guest destroys their reservation's key (decision 182): that receipt's 宛名 is gone, the other guest's stays.
    await keys.erase(['reservation-r-forgotten']);
    const read = (await store.readStream('receipts-2')).map((e) => e.data as { addressee: string; proviso: string; total: number });
    expect(read.map((d) => [d.addressee, d.proviso, d.total])).toEqual([
      [ERASED_TEXT, ERASED_TEXT, 1650],
      ['Orvandel Trading', 'ご飲食代', 1650],
    ]);
    expect(await keys.isErased('receipts-2'), 'the receipt book has no key of its own').toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '../testing/memory-event-store';
import { DomainError } from '../decider';
import { removeRecord, saveRecord } from './catalog-service';
import { toStreamName } from './events';

let n = 0;
const deps = () => ({ eventStore: memoryEventStore(), ids: { uuid: () => `id-${++n}`, token: () => 'token' } });
const context = { correlationId: 'c-1', actor: 'admin-1' };
const seat = { store_id: '2', name: 'テーブル1', max_people: 2 };

describe('catalog commands', () => {
  it('save appends to catalog-{kind}~{id} with the store id in the metadata, and answers its position', async () => {
    const d = deps();
    const result = await saveRecord(d, { kind: 'seat', id: 't1', data: seat }, context);
    expect(result.position).toBe(1);
    const [event] = await d.eventStore.readStream(toStreamName('seat', 't1'));
    expect(event).toMatchObject({ type: 'RecordSaved', metadata: { storeId: '2', actor: 'admin-1', correlationId: 'c-1' } });
  });

  it('an identical save appends nothing and answers a null position', async () => {
    const d = deps();
    await saveRecord(d, { kind: 'seat', id: 't1', data: seat }, context);
    const again = await saveRecord(d, { kind: 'seat', id: 't1', data: { ...seat } }, context);
    expect(again).toMatchObject({ events: [], position: null });
    expect(await d.eventStore.headPosition()).toBe(1);
  });

  it('remove names the record’s store, and refuses a record that is not there', async () => {
    const d = deps();
    await saveRecord(d, { kind: 'seat', id: 't1', data: seat }, context);
    await removeRecord(d, { kind: 'seat', id: 't1' }, context);
    const events = await d.eventStore.readStream(toStreamName('seat', 't1'));
    expect(events.map((e) => [e.type, e.metadata.storeId])).toEqual([
      ['RecordSaved', '2'],
      ['RecordRemoved', '2'],
    ]);
    await expect(removeRecord(d, { kind: 'seat', id: 't1' }, context)).rejects.toBeInstanceOf(DomainError);
  });

  it('invalid data is refused before anything is written', async () => {
    const d = deps();
    await expect(saveRecord(d, { kind: 'seat', id: 't1', data: { ...seat, max_people: -1 } }, context)).rejects.toMatchObject({
      code: 'invalid_record',
    });
    expect(await d.eventStore.headPosition()).toBe(0);
  });
});

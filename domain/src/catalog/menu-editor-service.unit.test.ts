import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { memoryBlobStore } from '../testing/memory-blob-store';
import { memoryEventStore } from '../testing/memory-event-store';
import type { IdGenerator } from '../ports';
import { testIds } from '../testing/test-ids';
import { MENU_IMAGE_MAX_UPLOAD_BYTES, menuEditorService, type MenuDirectory } from './menu-editor-service';

const admin = { correlationId: 'c-1', actor: 'account-admin' };
const item = { store_id: '2', name: 'スコーン', price: 400, show_on_menu: true };

/** The service over an in-memory event store, with a directory the test says what refers to what. */
function system(usage: { reservations: number; orders: number } = { reservations: 0, orders: 0 }, ids: IdGenerator = testIds) {
  const eventStore = memoryEventStore();
  const blobs = memoryBlobStore();
  const dependencies = new Map<string, { menu: string; parent: string; child: string }>();
  const directory: MenuDirectory = {
    usage: async () => usage,
    partsOf: async (menuId) => ({ optionIds: [], dependencyIds: [...dependencies].filter(([, d]) => d.menu === menuId).map(([id]) => id) }),
    dependenciesOfOption: async (optionId) => [...dependencies].filter(([, d]) => d.parent === optionId || d.child === optionId).map(([id]) => id),
  };
  const resized: Uint8Array[] = [];
  const service = menuEditorService({
    eventStore,
    ids,
    blobs,
    menuDirectory: directory,
    pictures: {
      menuPicture: async (bytes) => {
        if (bytes[0] !== 0x89) return null;
        const out = bytes.slice(0, 16);
        resized.push(out);
        return out;
      },
    },
  });
  const all = async () => (await eventStore.readAll()).map((e) => ({ type: e.type, data: e.data as { kind: string; id: string }, actor: e.metadata.actor }));
  return { service, all, dependencies, resized, blobs };
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );

describe('menu editor', () => {
  it('given an item a reservation names, when removed, then it is refused and nothing is written; hiding writes one event', async () => {
    const { service, all } = system({ reservations: 1, orders: 0 });
    const { id } = await service.createMenu({ data: item }, admin);
    const before = (await all()).length;
    expect(await code(service.removeMenu({ id }, admin))).toBe('menu_in_use');
    expect(await all()).toHaveLength(before);
    await service.hideMenu({ id }, admin);
    const events = await all();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ type: 'RecordSaved', actor: 'account-admin' });
  });

  it('given an option a rule names, when the option is removed, then the rule goes first', async () => {
    const { service, all, dependencies } = system();
    const { id: menuId } = await service.createMenu({ data: item }, admin);
    const parent = await service.saveOption(
      { menuId, optionId: null, data: { label: 'サイズ', type: 'radio', choices: [{ label: '大', extra_price: 200 }] } },
      admin,
    );
    const child = await service.saveOption({ menuId, optionId: null, data: { label: 'メッセージ', type: 'text' } }, admin);
    const choices = (await all()).filter((e) => e.data.id === parent.id).at(-1)!.data as unknown as { data: { choices: { id: string }[] } };
    const rule = await service.saveDependency(
      { menuId, dependencyId: null, data: { parent_option_id: parent.id, child_option_id: child.id, parent_choice_value: choices.data.choices[0]!.id } },
      admin,
    );
    dependencies.set(rule.id, { menu: menuId, parent: parent.id, child: child.id });
    await service.removeOption({ menuId, optionId: child.id }, admin);
    expect((await all()).slice(-2).map((e) => `${e.type} ${e.data.kind} ${e.data.id}`)).toEqual([
      `RecordRemoved option-dependency ${rule.id}`,
      `RecordRemoved menu-option ${child.id}`,
    ]);
  });

  it('gives each new choice its own id when the ids made together share their start (time-ordered ids, decision 482)', async () => {
    let n = 0;
    const sameMillisecond: IdGenerator = { uuid: () => `019ac8f1-7a2b-7000-8000-${String(++n).padStart(12, '0')}`, token: testIds.token };
    const { service, all } = system(undefined, sameMillisecond);
    const { id: menuId } = await service.createMenu({ data: item }, admin);
    const size = { label: 'サイズ', type: 'radio' as const, choices: [{ label: '小' }, { label: '中' }, { label: '大', extra_price: 300 }] };
    const option = await service.saveOption({ menuId, optionId: null, data: size }, admin);
    const saved = (await all()).filter((e) => e.data.id === option.id).at(-1)!.data as unknown as { data: { choices: { id: string; label: string }[] } };
    expect(saved.data.choices.map((c) => c.label)).toEqual(['小', '中', '大']);
    expect(new Set(saved.data.choices.map((c) => c.id)).size).toBe(3);
  });

  it('refuses a rule on a choice the parent lacks, an option of another item, and an unknown item', async () => {
    const { service } = system();
    const { id: menuId } = await service.createMenu({ data: item }, admin);
    const { id: other } = await service.createMenu({ data: { ...item, name: '別の品' } }, admin);
    const parent = await service.saveOption({ menuId, optionId: null, data: { label: '温度', type: 'select', choices: [{ label: 'ホット' }] } }, admin);
    const foreign = await service.saveOption({ menuId: other, optionId: null, data: { label: '氷', type: 'text' } }, admin);
    expect(
      await code(
        service.saveDependency(
          { menuId, dependencyId: null, data: { parent_option_id: parent.id, child_option_id: foreign.id, parent_value: 'ホット' } },
          admin,
        ),
      ),
    ).toBe('option_not_found');
    const child = await service.saveOption({ menuId, optionId: null, data: { label: 'メモ', type: 'text' } }, admin);
    expect(
      await code(
        service.saveDependency(
          { menuId, dependencyId: null, data: { parent_option_id: parent.id, child_option_id: child.id, parent_choice_value: 'nope' } },
          admin,
        ),
      ),
    ).toBe('choice_not_found');
    expect(await code(service.updateMenu({ id: 'missing', data: item }, admin))).toBe('menu_not_found');
  });

  it('keeps the resized picture only; refuses one too large or not a picture before anything is stored', async () => {
    const { service, resized, blobs } = system();
    expect(await code(service.uploadImage({ bytes: new Uint8Array(MENU_IMAGE_MAX_UPLOAD_BYTES + 1) }, admin))).toBe('blob_too_large');
    expect(await code(service.uploadImage({ bytes: new TextEncoder().encode('<svg/>') }, admin))).toBe('blob_type_refused');
    expect(resized).toHaveLength(0);
    const picture = new Uint8Array(64).fill(7);
    picture[0] = 0x89;
    const kept = await service.uploadImage({ bytes: picture }, admin);
    expect(kept.size).toBe(16);
    expect(kept.url).toBe(`/api/menu-images/${kept.id}`);
    expect((await service.readImage(kept.id))?.bytes).toEqual(resized[0]);
    expect(await blobs.owners(kept.id, 'menu-image')).toEqual(['account:account-admin']);
    // An item may name it; an item naming a picture never uploaded is refused.
    await service.createMenu({ data: { ...item, image_url: kept.url } }, admin);
    expect(await code(service.createMenu({ data: { ...item, image_url: `/api/menu-images/${'b'.repeat(64)}` } }, admin))).toBe('image_not_found');
  });

  it('renumbers only the items whose place changed, and refuses items of two stores', async () => {
    const { service, all } = system();
    const a = await service.createMenu({ data: { ...item, display_order: 1 } }, admin);
    const b = await service.createMenu({ data: { ...item, name: 'B', display_order: 2 } }, admin);
    const c = await service.createMenu({ data: { ...item, name: 'C', display_order: 3 } }, admin);
    const before = (await all()).length;
    await service.reorderMenus({ ids: [a.id, c.id, b.id] }, admin);
    expect((await all()).slice(before).map((e) => e.data.id)).toEqual([c.id, b.id]);
    const elsewhere = await service.createMenu({ data: { ...item, store_id: '3' } }, admin);
    expect(await code(service.reorderMenus({ ids: [a.id, elsewhere.id] }, admin))).toBe('mixed_lists');
  });
});

import { foldStream, type CommandContext, type HandlerDeps } from '../command-handler';
import { DomainError } from '../decider';
import type { BlobInfo, BlobStore } from '../ports';
import { removeRecord, saveRecord } from './catalog-service';
import { catalogDecider } from './decider';
import { toStreamName } from './events';
import type { MenuData, MenuOptionData } from './kinds';
import type { CatalogInput, CatalogKind } from './registry';

/**
 * The menu editor's use cases (/admin/menu-add, /admin/menu-manager; docs/decisions/090-menu-editor.md):
 * menu items with their pictures, the options asked when one is booked, the rules that show a
 * child option, the order of each list, hiding, and removal only of what nothing refers to.
 * Every write is a catalog record saved or removed (one event each, with actor and time).
 */
const MENU_IMAGE = 'menu-image';
/** What an admin may upload (a phone's photo); the stored picture is resized well under the blob store's cap. */
export const MENU_IMAGE_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** The address a stored menu picture is served at (public, cached for good: it is content-addressed). */
const menuImagePath = (id: string) => `/api/menu-images/${id}`;
const menuImagePathPattern = /^\/api\/menu-images\/([0-9a-f]{64})$/;

export type MenuEditorErrorCode =
  | 'menu_not_found'
  | 'option_not_found'
  | 'dependency_not_found'
  | 'choice_not_found'
  | 'image_not_found'
  | 'menu_in_use'
  | 'mixed_lists'
  | 'blob_too_large'
  | 'blob_type_refused';

/** Read port: what refers to a menu item, answered from the read models (projections/src/menus/references.ts). */
export interface MenuDirectory {
  /** Reservations (any status) and table orders naming the item. */
  usage(menuId: string): Promise<{ reservations: number; orders: number }>;
  /** Ids of the item's options and of its option dependencies. */
  partsOf(menuId: string): Promise<{ optionIds: string[]; dependencyIds: string[] }>;
  /** Ids of the dependencies naming this option as parent or child. */
  dependenciesOfOption(optionId: string): Promise<string[]>;
}

/** Resizes an uploaded picture for the menu; null when the bytes are not a PNG, JPEG or WebP picture. */
export interface PictureResizer {
  menuPicture(bytes: Uint8Array): Promise<Uint8Array | null>;
}

export type MenuInput = CatalogInput<'menu'>;
export type OptionInput = Omit<CatalogInput<'menu-option'>, 'menu_id' | 'choices'> & {
  choices?: { id?: string | undefined; label: string; extra_price?: number | undefined }[];
};
export type DependencyInput = Omit<CatalogInput<'option-dependency'>, 'menu_id'>;

const fail = (code: MenuEditorErrorCode, details: Record<string, unknown> = {}) => new DomainError<MenuEditorErrorCode>(code, code, details);

export function menuEditorService(ports: HandlerDeps & { blobs: BlobStore; pictures: PictureResizer; menuDirectory: MenuDirectory }) {
  async function load<T>(kind: CatalogKind, id: string): Promise<T | null> {
    const state = foldStream(catalogDecider, await ports.eventStore.readStream(toStreamName(kind, id)));
    return state.status === 'saved' ? (state.data as T) : null;
  }
  async function menu(id: string): Promise<MenuData> {
    const found = await load<MenuData>('menu', id);
    if (!found) throw fail('menu_not_found', { id });
    return found;
  }
  async function optionOf(menuId: string, optionId: string): Promise<MenuOptionData> {
    const found = await load<MenuOptionData>('menu-option', optionId);
    if (!found || found.menu_id !== menuId) throw fail('option_not_found', { id: optionId });
    return found;
  }
  async function checkImage(data: MenuInput) {
    const id = data.image_url ? menuImagePathPattern.exec(data.image_url)?.[1] : undefined;
    if (id && (await ports.blobs.owners(id, MENU_IMAGE)).length === 0) throw fail('image_not_found', { id });
  }
  /** Saves records of one list in the order given, each whose place changed (1, 2, 3 …). */
  async function renumber<T extends { display_order: number }>(kind: 'menu' | 'menu-option', records: { id: string; data: T }[], context: CommandContext) {
    let position: number | null = null;
    for (const [index, record] of records.entries()) {
      if (record.data.display_order === index + 1) continue;
      const saved = await saveRecord(ports, { kind, id: record.id, data: { ...record.data, display_order: index + 1 } as never }, context);
      position = saved.position ?? position;
    }
    return { position };
  }

  return {
    /** Keeps an uploaded picture, resized; refuses one too large or that is not a picture (nothing is stored then). */
    async uploadImage(input: { bytes: Uint8Array }, context: CommandContext): Promise<BlobInfo & { url: string }> {
      if (input.bytes.length > MENU_IMAGE_MAX_UPLOAD_BYTES) throw fail('blob_too_large', { maxBytes: MENU_IMAGE_MAX_UPLOAD_BYTES });
      const resized = await ports.pictures.menuPicture(input.bytes);
      if (!resized) throw fail('blob_type_refused');
      const blob = await ports.blobs.put({ bytes: resized, kind: MENU_IMAGE, owner: `account:${context.actor}` });
      return { ...blob, url: menuImagePath(blob.id) };
    },

    /** A menu picture for anyone (the public menu shows it), or null for an id that names none. */
    async readImage(id: string) {
      if ((await ports.blobs.owners(id, MENU_IMAGE)).length === 0) return null;
      return ports.blobs.read(id);
    },

    async createMenu(input: { data: MenuInput }, context: CommandContext) {
      await checkImage(input.data);
      const id = ports.ids.uuid();
      const saved = await saveRecord(ports, { kind: 'menu', id, data: input.data }, context);
      return { id, position: saved.position };
    },

    async updateMenu(input: { id: string; data: MenuInput }, context: CommandContext) {
      const current = await menu(input.id);
      await checkImage(input.data);
      // The store an item belongs to does not change by an edit.
      return saveRecord(ports, { kind: 'menu', id: input.id, data: { ...input.data, store_id: current.store_id } }, context);
    },

    /** Takes the item off /menu, the reservation course list and the order page; it stays for the records that name it. */
    async hideMenu(input: { id: string }, context: CommandContext) {
      const current = await menu(input.id);
      return saveRecord(
        ports,
        { kind: 'menu', id: input.id, data: { ...current, show_on_menu: false, show_on_reservation: false, show_on_order: false } },
        context,
      );
    },

    /** Removes an item nothing refers to, with its options and their dependencies; one a reservation or order names is refused (`menu_in_use`: hide it). */
    async removeMenu(input: { id: string }, context: CommandContext) {
      const item = await menu(input.id);
      const usage = await ports.menuDirectory.usage(input.id);
      if (usage.reservations + usage.orders > 0) throw fail('menu_in_use', usage);
      const parts = await ports.menuDirectory.partsOf(input.id);
      const scoped = { ...context, storeId: item.store_id };
      for (const id of parts.dependencyIds) await removeIfSaved('option-dependency', id, scoped);
      for (const id of parts.optionIds) await removeIfSaved('menu-option', id, scoped);
      return removeRecord(ports, { kind: 'menu', id: input.id }, scoped);
    },

    /** One store's items in this order. */
    async reorderMenus(input: { ids: readonly string[] }, context: CommandContext) {
      const records = [];
      for (const id of input.ids) records.push({ id, data: await menu(id) });
      if (new Set(records.map((r) => r.data.store_id)).size > 1) throw fail('mixed_lists');
      return renumber('menu', records, context);
    },

    async saveOption(input: { menuId: string; optionId: string | null; data: OptionInput }, context: CommandContext) {
      const item = await menu(input.menuId);
      if (input.optionId !== null) await optionOf(input.menuId, input.optionId);
      const id = input.optionId ?? ports.ids.uuid();
      // A whole id: ids made together share their first digits (time-ordered, decision 482).
      const choices = (input.data.choices ?? []).map((c) => ({ ...c, id: c.id ?? ports.ids.uuid() }));
      const saved = await saveRecord(
        ports,
        { kind: 'menu-option', id, data: { ...input.data, choices, menu_id: input.menuId } },
        { ...context, storeId: item.store_id },
      );
      return { id, position: saved.position };
    },

    /** Removes an option and every dependency that names it. */
    async removeOption(input: { menuId: string; optionId: string }, context: CommandContext) {
      const item = await menu(input.menuId);
      await optionOf(input.menuId, input.optionId);
      const scoped = { ...context, storeId: item.store_id };
      for (const id of await ports.menuDirectory.dependenciesOfOption(input.optionId)) await removeIfSaved('option-dependency', id, scoped);
      return removeRecord(ports, { kind: 'menu-option', id: input.optionId }, scoped);
    },

    async reorderOptions(input: { menuId: string; ids: readonly string[] }, context: CommandContext) {
      const item = await menu(input.menuId);
      const records = [];
      for (const id of input.ids) records.push({ id, data: await optionOf(input.menuId, id) });
      return renumber('menu-option', records, { ...context, storeId: item.store_id });
    },

    /** A rule showing (or hiding) the child option while the parent holds a value: a choice of the parent's for a choice type, typed text otherwise. */
    async saveDependency(input: { menuId: string; dependencyId: string | null; data: DependencyInput }, context: CommandContext) {
      const item = await menu(input.menuId);
      const parent = await optionOf(input.menuId, input.data.parent_option_id);
      await optionOf(input.menuId, input.data.child_option_id);
      const choiceId = input.data.parent_choice_value ?? null;
      if (choiceId !== null && !parent.choices.some((c) => c.id === choiceId)) throw fail('choice_not_found', { id: choiceId });
      if (input.dependencyId !== null) {
        const current = await load<{ menu_id: string }>('option-dependency', input.dependencyId);
        if (!current || current.menu_id !== input.menuId) throw fail('dependency_not_found', { id: input.dependencyId });
      }
      const id = input.dependencyId ?? ports.ids.uuid();
      const saved = await saveRecord(
        ports,
        { kind: 'option-dependency', id, data: { ...input.data, menu_id: input.menuId } },
        { ...context, storeId: item.store_id },
      );
      return { id, position: saved.position };
    },

    async removeDependency(input: { menuId: string; dependencyId: string }, context: CommandContext) {
      const item = await menu(input.menuId);
      const current = await load<{ menu_id: string }>('option-dependency', input.dependencyId);
      if (!current || current.menu_id !== input.menuId) throw fail('dependency_not_found', { id: input.dependencyId });
      return removeRecord(ports, { kind: 'option-dependency', id: input.dependencyId }, { ...context, storeId: item.store_id });
    },
  };

  async function removeIfSaved(kind: CatalogKind, id: string, context: CommandContext) {
    if ((await load(kind, id)) !== null) await removeRecord(ports, { kind, id }, context);
  }
}

export type MenuEditorService = ReturnType<typeof menuEditorService>;

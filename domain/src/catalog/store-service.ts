import type { z } from 'zod';
import { commandHandler, type CommandContext, type CommandResult, type HandlerDeps } from '../command-handler';
import { tokyoDateOf } from '../calendar/dates';
import { assertNever, DomainError, type Decider } from '../decider';
import type { Clock } from '../ports';
import { catalogDecider, parseRecord, type CatalogState } from './decider';
import { parseCatalogEvent, toStreamName, type CatalogEvent } from './events';
import { storeSchema, type StoreData } from './kinds';

/**
 * A store's own life (decision 320): the admin opens a store, edits what a guest reads
 * of it (name, postal code, address, phone, e-mail, access note, display order) and closes it.
 * A store stays a catalog record of kind `store` (one stream `catalog-store~{id}`), so every
 * reader of stores (the `stores` read model, the table's geofence, the bus subjects) keeps
 * working; this decider adds the rules a plain save does not know:
 * - a store is opened once (`store_exists`), edited or closed only when it exists (`not_found`);
 * - an edit keeps the point, fence and table check-in mode (/admin/store-coordinates owns them);
 * - a closed store keeps its record and history (`closed_on` set) and is neither edited nor closed
 *   again (`store_closed`); the booking rules refuse it (reservation/availability-service.ts);
 * - the last open store is not closed (`last_open_store`, decision 391): the site would have no
 *   store to book, order or work at. The other open stores come from the read model with the
 *   command, so two admins closing the last two at the same moment could both pass — an owner's
 *   rare act, which /admin/stores shows at once and undoes by opening a store.
 */

/** What the admin types on /admin/stores: the store's own fields but its point, fence, check-in mode and closing. */
export const storeDetailsSchema = storeSchema
  .pick({
    name: true,
    postal_code: true,
    address: true,
    phone: true,
    email: true,
    access_note: true,
    display_order: true,
  })
  .extend({
    // Left out, an edit keeps what the store had (the form of an older screen sends neither).
    second_factor_for_staff: storeSchema.shape.second_factor_for_staff.unwrap().optional(),
    wage_retention_years: storeSchema.shape.wage_retention_years.unwrap().optional(),
  });
export type StoreDetails = z.output<typeof storeDetailsSchema>;

export type StoreCommand =
  | { type: 'OpenStore'; id: string; details: StoreDetails }
  | { type: 'EditStore'; id: string; details: StoreDetails }
  | { type: 'CloseStore'; id: string; on: string; otherOpenStores: number };

export type StoreErrorCode = 'store_exists' | 'store_closed' | 'last_open_store' | 'not_found' | 'invalid_record';

const saved = (id: string, data: StoreData): CatalogEvent[] => [{ type: 'RecordSaved', data: { kind: 'store', id, data } }];

function storeOf(state: CatalogState, id: string): StoreData {
  if (state.status !== 'saved') throw new DomainError<StoreErrorCode>('not_found', `no store ${id}`, { kind: 'store', id });
  const data = state.data as StoreData;
  if (data.closed_on !== null) throw new DomainError<StoreErrorCode>('store_closed', `store ${id} closed on ${data.closed_on}`, { id });
  return data;
}

function decide(command: StoreCommand, state: CatalogState): CatalogEvent[] {
  switch (command.type) {
    case 'OpenStore': {
      if (state.status === 'saved') throw new DomainError<StoreErrorCode>('store_exists', `store ${command.id} exists`, { id: command.id });
      return saved(command.id, parseRecord('store', command.id, { ...command.details, closed_on: null }));
    }
    case 'EditStore': {
      const before = storeOf(state, command.id);
      const after = parseRecord('store', command.id, { ...before, ...command.details });
      return JSON.stringify(after) === JSON.stringify(before) ? [] : saved(command.id, after);
    }
    case 'CloseStore': {
      const open = storeOf(state, command.id);
      if (command.otherOpenStores < 1)
        throw new DomainError<StoreErrorCode>('last_open_store', `store ${command.id} is the last open store`, { id: command.id });
      return saved(command.id, parseRecord('store', command.id, { ...open, closed_on: command.on }));
    }
    default:
      return assertNever(command);
  }
}

/** The store rules over the store's catalog stream: its events are the catalog's own (`RecordSaved`). */
export const storeDecider: Decider<CatalogState, StoreCommand, CatalogEvent> = {
  initialState: catalogDecider.initialState,
  evolve: catalogDecider.evolve,
  decide,
  parseEvent: (event) => parseCatalogEvent(event, ['store']),
};

/** /admin/stores: open, edit and close a store (`services.stores`). */
export function storeService(ports: HandlerDeps & { clock: Clock; openStoreIds: () => Promise<string[]> }) {
  const { handle } = commandHandler(storeDecider, ports);
  const run = (command: StoreCommand, context: CommandContext): Promise<CommandResult<CatalogEvent>> =>
    handle(toStreamName('store', command.id), command, { ...context, storeId: command.id });
  return {
    /** Opens a new store under a fresh id; answers the id with the command's result. */
    async open(details: StoreDetails, context: CommandContext) {
      const id = ports.ids.uuid();
      return { storeId: id, ...(await run({ type: 'OpenStore', id, details }, context)) };
    },
    edit: (id: string, details: StoreDetails, context: CommandContext) => run({ type: 'EditStore', id, details }, context),
    /** Closes the store as of today (Tokyo): it keeps its record and history and takes no new bookings. */
    async close(id: string, context: CommandContext) {
      const otherOpenStores = (await ports.openStoreIds()).filter((open) => open !== id).length;
      return run({ type: 'CloseStore', id, on: tokyoDateOf(ports.clock.now()), otherOpenStores }, context);
    },
  };
}

export type StoreService = ReturnType<typeof storeService>;

import type { CommandContext, CommandResult, HandlerDeps } from '../command-handler';
import { foldStream } from '../command-handler';
import { DomainError } from '../decider';
import { saveRecord } from './catalog-service';
import { catalogDecider } from './decider';
import { toStreamName, type CatalogEvent } from './events';
import type { CatalogKind } from './registry';

/** Kinds kept in an order the admin chooses within a store (a `display_order` and a `store_id`). */
export const orderedKinds = [
  'checklist-task',
  'order-rule',
  'supplier',
  'purchase-item',
  'recipe',
  'serve-method',
  'store-staff',
  // Seats editor and cost management (decisions 120, 122)
  'seat',
  'cost-line',
  // Site settings (decisions 130–135): homepage cards (one order for the site and its stores' cards, decision 456) and mail notices
  'homepage-card',
  'notice',
] as const satisfies readonly CatalogKind[];
export type OrderedKind = (typeof orderedKinds)[number];

/** Kinds shown in one order across stores: the homepage's cards, the site's and each store's (decision 456). */
const oneOrderAcrossStores: ReadonlySet<OrderedKind> = new Set(['homepage-card']);

export type DisplayOrderErrorCode = 'not_found' | 'mixed_stores';

/**
 * Puts records of one kind and store (of any store, for the homepage's cards) in the order given (1, 2, 3 …): each record whose place
 * changed is saved again with its new `display_order`; one that kept its place records nothing.
 * Each record is its own stream, so a failure half-way leaves an order a repeat finishes.
 */
export async function reorderRecords(
  deps: HandlerDeps,
  input: { kind: OrderedKind; ids: readonly string[] },
  context: CommandContext,
): Promise<{ position: number | null }> {
  const records: { id: string; data: { store_id?: string | null; display_order: number } }[] = [];
  for (const id of input.ids) {
    const state = foldStream(catalogDecider, await deps.eventStore.readStream(toStreamName(input.kind, id)));
    if (state.status !== 'saved') throw new DomainError<DisplayOrderErrorCode>('not_found', 'not_found', { kind: input.kind, id });
    records.push({ id, data: state.data as { store_id?: string | null; display_order: number } });
  }
  if (!oneOrderAcrossStores.has(input.kind) && new Set(records.map((r) => r.data.store_id)).size > 1)
    throw new DomainError<DisplayOrderErrorCode>('mixed_stores');
  let last: CommandResult<CatalogEvent> | null = null;
  for (const [index, record] of records.entries()) {
    if (record.data.display_order === index + 1) continue;
    last = await saveRecord(deps, { kind: input.kind, id: record.id, data: { ...record.data, display_order: index + 1 } as never }, context);
  }
  return { position: last?.position ?? null };
}

import { commandHandler, type CommandContext, type CommandResult, type HandlerDeps } from '../command-handler';
import { catalogDecider, catalogStreamId, type CatalogEvent } from './decider';
import type { CatalogInput, CatalogKind } from './kinds';

/**
 * The catalog's commands as functions the admin screens and the demo loader call. Both answer
 * the command handler's result: `position` is null when nothing changed (an identical save).
 */

export async function saveRecord<K extends CatalogKind>(
  deps: HandlerDeps,
  record: { kind: K; id: string; data: CatalogInput<K> },
  context: CommandContext,
): Promise<CommandResult<CatalogEvent>> {
  const handle = commandHandler(catalogDecider, deps);
  const data = record.data as Record<string, unknown> | null;
  // Events carry the store they belong to (for bus subjects and auditing) when the data says.
  const storeId =
    context.storeId ??
    (record.kind === 'store' ? record.id : typeof data?.store_id === 'string' ? data.store_id : null);
  return handle(
    catalogStreamId(record.kind, record.id),
    { type: 'SaveRecord', kind: record.kind, id: record.id, data: record.data },
    { ...context, storeId },
  );
}

export async function removeRecord(
  deps: HandlerDeps,
  record: { kind: CatalogKind; id: string },
  context: CommandContext,
): Promise<CommandResult<CatalogEvent>> {
  const handle = commandHandler(catalogDecider, deps);
  return handle(catalogStreamId(record.kind, record.id), { type: 'RemoveRecord', kind: record.kind, id: record.id }, context);
}

import { commandHandler, foldStream, type CommandContext, type CommandResult, type HandlerDeps } from '../command-handler';
import { catalogDecider } from './decider';
import { toStreamName, type CatalogEvent } from './events';
import type { CatalogInput, CatalogKind } from './registry';

/**
 * The catalog's use cases: save and remove a record of any kind. Both answer the command
 * handler's result: `position` is null when nothing changed (an identical save). The admin
 * screens reach them as `services.catalog` (domain/src/application.ts); the demo loader and
 * the benchmark call the functions.
 */
export function catalogService(ports: HandlerDeps) {
  return {
    save: <K extends CatalogKind>(record: { kind: K; id: string; data: CatalogInput<K> }, context: CommandContext) => saveRecord(ports, record, context),
    remove: (record: { kind: CatalogKind; id: string }, context: CommandContext) => removeRecord(ports, record, context),
  };
}

export async function saveRecord<K extends CatalogKind>(
  deps: HandlerDeps,
  record: { kind: K; id: string; data: CatalogInput<K> },
  context: CommandContext,
): Promise<CommandResult<CatalogEvent>> {
  const { handle } = commandHandler(catalogDecider, deps);
  // Events carry the store they belong to (for bus subjects and auditing) when the data says.
  const storeId = context.storeId ?? storeIdOf(record.kind, record.id, record.data);
  return handle(toStreamName(record.kind, record.id), { type: 'SaveRecord', kind: record.kind, id: record.id, data: record.data }, { ...context, storeId });
}

export async function removeRecord(
  deps: HandlerDeps,
  record: { kind: CatalogKind; id: string },
  context: CommandContext,
): Promise<CommandResult<CatalogEvent>> {
  const { handle } = commandHandler(catalogDecider, deps);
  const streamId = toStreamName(record.kind, record.id);
  let storeId = context.storeId ?? null;
  if (storeId === null) {
    // Removals are rare: one extra read lets the event name the store its record belonged to.
    const state = foldStream(catalogDecider, await deps.eventStore.readStream(streamId));
    storeId = state.status === 'saved' ? storeIdOf(record.kind, record.id, state.data) : null;
  }
  return handle(streamId, { type: 'RemoveRecord', kind: record.kind, id: record.id }, { ...context, storeId });
}

function storeIdOf(kind: CatalogKind, id: string, data: unknown): string | null {
  if (kind === 'store') return id;
  const storeId = (data as { store_id?: unknown } | null)?.store_id;
  return typeof storeId === 'string' ? storeId : null;
}

export type CatalogService = ReturnType<typeof catalogService>;

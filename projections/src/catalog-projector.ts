import { CATALOG_CATEGORY, parseCatalogEvent } from '@moncafe/domain/catalog/events';
import type { CatalogData, CatalogKind } from '@moncafe/domain/catalog/registry';
import type { Database } from './database';
import type { Projector } from './projector';
import type { RowOf } from './read-model-rows';

const STREAM_PREFIX = `${CATALOG_CATEGORY}-`;

/** Where one catalog kind lands: a table, its key column (the record id), and the row of a saved record. */
export interface CatalogTable<K extends CatalogKind = CatalogKind, T extends keyof Database & string = keyof Database & string> {
  kind: K;
  table: T;
  key: keyof Database[T] & string;
  row(id: string, data: CatalogData<K>): Partial<RowOf<T>>;
}

/** Declares one kind's table, checking its row against the table's columns. */
export function catalogTable<K extends CatalogKind, T extends keyof Database & string>(table: CatalogTable<K, T>): CatalogTable {
  return table as unknown as CatalogTable;
}

/**
 * A read model of catalog records: an upsert by record id per save and a delete per removal,
 * both harmless when replayed. Other kinds pass by unparsed.
 */
export function catalogProjector(name: string, tables: readonly CatalogTable[]): Projector {
  const byKind = new Map(tables.map((t) => [t.kind, t]));
  return {
    name,
    tables: tables.map((t) => t.table),
    categories: [CATALOG_CATEGORY],
    handles(recorded) {
      if (recorded.type !== 'RecordSaved' && recorded.type !== 'RecordRemoved') return false;
      // Only the catalog decider writes these, into catalog streams (decision 145).
      if (!recorded.streamId.startsWith(STREAM_PREFIX)) return false;
      // `catalog-{kind}~{id}` names the kind; a name without `~` (an older store) may be any kind.
      const separator = recorded.streamId.indexOf('~', STREAM_PREFIX.length);
      return separator < 0 || byKind.has(recorded.streamId.slice(STREAM_PREFIX.length, separator) as CatalogKind);
    },
    async apply(rows, recorded) {
      const event = parseCatalogEvent(recorded, [...byKind.keys()]);
      const target = event && byKind.get(event.data.kind);
      if (!event || !target) return;
      const table = rows.table(target.table, target.key);
      if (event.type === 'RecordRemoved') table.remove(event.data.id);
      else await table.put(target.row(event.data.id, event.data.data));
    },
  };
}

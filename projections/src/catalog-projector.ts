import type { Insertable, Transaction } from 'kysely';
import { parseCatalogEvent } from '@moncafe/domain/catalog/events';
import type { CatalogData, CatalogKind } from '@moncafe/domain/catalog/kinds';
import type { Database } from './database';
import type { Projector } from './projector';

/** Where one catalog kind lands: a table, its key column (the record id), and the row of a saved record. */
export interface CatalogTable<K extends CatalogKind = CatalogKind, T extends keyof Database & string = keyof Database & string> {
  kind: K;
  table: T;
  key: keyof Database[T] & string;
  row(id: string, data: CatalogData<K>): Insertable<Database[T]>;
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
    async apply(trx, recorded) {
      const event = parseCatalogEvent(recorded, [...byKind.keys()]);
      const target = event && byKind.get(event.data.kind);
      if (!event || !target) return;
      // The table is chosen at run time, so kysely cannot follow its columns here;
      // catalogTable checked each row against its own table.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = trx as unknown as Transaction<any>;
      const { table, key }: { table: string; key: string } = target;
      if (event.type === 'RecordRemoved') {
        await db.deleteFrom(table).where(key, '=', event.data.id).execute();
        return;
      }
      const row = target.row(event.data.id, event.data.data);
      await db
        .insertInto(table)
        .values(row)
        .onConflict((oc) => oc.column(key).doUpdateSet(row))
        .execute();
    },
  };
}

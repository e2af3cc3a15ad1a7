import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database } from './database';

/**
 * Row changes of one batch of events, merged per row in memory and written with a few
 * set-based statements when the batch ends: a projector applying a thousand events costs a
 * handful of round trips, not a thousand (decision 041: rebuilds at tens of thousands of events per
 * second). Projectors describe what a row becomes; every write is a set, never an increment, so
 * replaying an event is harmless. Where a read model needs more than that, `transaction()`
 * hands out the batch's transaction after writing everything recorded so far.
 */

type TableName = keyof Database & string;
/** A row as readers see it: jsonb columns as values (arrays, objects), timestamps as Dates. */
export type RowOf<T extends TableName> = Selectable<Database[T]>;
type Values = Record<string, unknown>;

export interface TableRows<T extends TableName> {
  /** Inserts the row, or sets the given columns of the row with the same key. */
  put(row: Partial<RowOf<T>>): Promise<void>;
  /** Inserts the row unless one with its key exists (then nothing changes). */
  insertIfAbsent(row: Partial<RowOf<T>>): Promise<void>;
  /**
   * Inserts a row keyed by something no other event has: a row per event (the history). Like
   * `insertIfAbsent`, but a rebuild into empty copies may write a batch's appended rows with
   * COPY (`RowWriterOptions.copy`), which fails loudly on a key written twice.
   */
  append(row: Partial<RowOf<T>>): Promise<void>;
  /** Sets columns of the row with this key; nothing when there is none. */
  update(key: string, set: Partial<RowOf<T>>): Promise<void>;
  remove(key: string): void;
  /** The row as this batch has left it so far; reads the table for a row the batch has not touched. */
  get(key: string): Promise<RowOf<T> | undefined>;
}

export interface ReadModelRows {
  /** The rows of one table, keyed by its primary-key column. */
  table<T extends TableName>(name: T, key: keyof Database[T] & string): TableRows<T>;
  /** Writes every change recorded so far and hands out the batch's transaction, for SQL the row operations cannot express. */
  transaction(): Promise<Transaction<Database>>;
}

/**
 * What the batch knows of one row. `upsert`, `insertIfAbsent` and `update` are changes whose
 * outcome depends on a row the batch has not read; `known` is the row itself (null: no row).
 */
type Pending =
  | { kind: 'upsert'; values: Values; owned: boolean }
  | { kind: 'insertIfAbsent'; values: Values; appended: boolean }
  | { kind: 'update'; values: Values; owned: boolean }
  | { kind: 'known'; row: Values | null; changed: boolean };

/**
 * Sets `values`' defined entries on a pending change's values, in place: a row that collects
 * many events' columns is copied once (when it is still the caller's object), not per event.
 */
function merge(pending: { values: Values; owned: boolean }, values: Values) {
  if (!pending.owned) {
    pending.values = { ...pending.values };
    pending.owned = true;
  }
  for (const key in values) if (values[key] !== undefined) pending.values[key] = values[key];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A plain lower-case SQL identifier in double quotes; anything else is refused. */
export function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

/** The values without their `undefined` entries (the same object when it has none: most rows). */
function defined(values: Values): Values {
  for (const key in values) {
    if (values[key] !== undefined) continue;
    const copy: Values = {};
    for (const k in values) if (values[k] !== undefined) copy[k] = values[k];
    return copy;
  }
  return values;
}

/**
 * `text` as a dollar-quoted SQL literal, which PostgreSQL takes as it is: nothing in it is
 * escaped, so a page's megabyte of JSON is not copied through a replace of every quote (a tenth
 * of a rebuild's Node time, decision 146). The tag is one the text does not hold.
 */
function dollarQuoted(text: string): string {
  let tag = '$rows$';
  for (let n = 1; text.includes(tag); n++) tag = `$rows${n}$`;
  return `${tag}${text}${tag}`;
}

/** Whether the row's own columns are exactly `order`, in that order. */
function inOrder(values: Values, order: readonly string[]): boolean {
  let i = 0;
  for (const key in values) if (order[i++] !== key) return false;
  return i === order.length;
}

type Kind = 'upsert' | 'insertIfAbsent' | 'update' | 'copy';
/** Rows written by one statement: the same kind of write, the same columns. */
type Group = { kind: Kind; columns: string[]; rows: Values[] };

class Table {
  readonly rows = new Map<string, Pending>();
  /** Made once: projectors ask for their table on every event. */
  handle: TableRows<TableName> | undefined;
  constructor(
    readonly name: string,
    readonly key: string,
  ) {}
}

export interface RowWriter extends ReadModelRows {
  /** Writes what is pending; the batch's transaction then holds every change. */
  flush(): Promise<void>;
  /**
   * The statements that write what is pending, in order, each value written into the SQL as a
   * literal (no parameters, `dollarQuoted`), and forgets it: a rebuild sends a page's writes as
   * one message and goes on with the next page while PostgreSQL writes them (decision 144). Rows
   * for COPY cannot go this way.
   */
  takeStatements(): RawBuilder<unknown>[];
  /** The keys of the stored rows this batch has read, by table (a row it had not touched, asked for by `get` or a merge). */
  readonly rowsRead: ReadonlyMap<string, ReadonlySet<string>>;
  /** Whether this batch has a row of `table` with `key`, read or changed. */
  touches(table: string, key: string): boolean;
}

/** Writes rows into `table` (no row there has their keys) on the batch's own connection, with COPY. */
export type CopyRows = (table: string, columns: readonly string[], rows: readonly Values[]) => Promise<void>;

export interface RowWriterOptions {
  /**
   * Where rows `append`ed in this batch may go with COPY instead of an insert: only for tables
   * that hold no row an appended one could meet (a rebuild's empty copies replayed once).
   */
  copy?: CopyRows | undefined;
  /**
   * The batch's writes leave only through `takeStatements` (the live runner's one message,
   * decision 471): `flush` and `transaction()` refuse, so a projector that needs its own SQL
   * is applied in a transaction instead.
   */
  statementsOnly?: boolean;
}

/** Thrown by a `statementsOnly` writer asked for the batch's transaction. */
export class NeedsTransaction extends Error {
  constructor() {
    super("this batch's writes go as statements; a projector asked for its transaction");
    this.name = 'NeedsTransaction';
  }
}

/** A writer for one batch inside `trx`. Call `flush()` before the transaction commits. */
export function rowWriter(trx: Transaction<Database>, options: RowWriterOptions = {}): RowWriter {
  const tables = new Map<string, Table>();
  const rowsRead = new Map<string, Set<string>>();

  async function load(table: Table, key: string): Promise<Values | null> {
    const read = rowsRead.get(table.name);
    if (read) read.add(key);
    else rowsRead.set(table.name, new Set([key]));
    const { rows } = await sql<Values>`select * from ${sql.table(table.name)} where ${sql.ref(table.key)} = ${key}`.execute(trx);
    return rows[0] ?? null;
  }

  /** Turns a change that depends on the stored row into the row itself. */
  async function resolve(table: Table, key: string): Promise<Values | null> {
    const pending = table.rows.get(key);
    if (pending?.kind === 'known') return pending.row;
    const stored = await load(table, key);
    let row: Values | null = stored;
    if (pending?.kind === 'upsert') row = { ...(stored ?? {}), ...pending.values };
    else if (pending?.kind === 'insertIfAbsent') row = stored ?? pending.values;
    else if (pending?.kind === 'update') row = stored && { ...stored, ...pending.values };
    // A row only read stays as it is stored: nothing to write back.
    table.rows.set(key, { kind: 'known', row, changed: pending !== undefined });
    return row;
  }

  function keyOf(table: Table, row: Values): string {
    const key = row[table.key];
    // A number key (the history's position) is kept by its text, which PostgreSQL reads back as the column's type.
    if (typeof key === 'number' && Number.isSafeInteger(key)) return String(key);
    if (typeof key !== 'string') throw new Error(`${table.name}: row without its key ${table.key}`);
    return key;
  }

  async function insertIfAbsent(table: Table, input: Values, appended: boolean) {
    const values = defined(input);
    const key = keyOf(table, values);
    const pending = table.rows.get(key);
    if (!pending) table.rows.set(key, { kind: 'insertIfAbsent', values, appended });
    else if (pending.kind === 'known') {
      if (!pending.row) table.rows.set(key, { kind: 'known', row: values, changed: true });
    } else if (pending.kind === 'update') {
      const row = await resolve(table, key);
      table.rows.set(key, { kind: 'known', row: row ?? values, changed: true });
    }
    // After an upsert the row exists; after an insert-if-absent the first one wins.
  }

  function handle<T extends TableName>(table: Table): TableRows<T> {
    return {
      async put(input) {
        const values = defined(input as Values);
        const key = keyOf(table, values);
        const pending = table.rows.get(key);
        if (!pending) table.rows.set(key, { kind: 'upsert', values, owned: false });
        else if (pending.kind === 'upsert') merge(pending, values);
        else if (pending.kind === 'known') table.rows.set(key, { kind: 'known', row: { ...(pending.row ?? {}), ...values }, changed: true });
        else {
          // What an earlier insert-if-absent or update did depends on the stored row.
          const row = await resolve(table, key);
          table.rows.set(key, { kind: 'known', row: { ...(row ?? {}), ...values }, changed: true });
        }
      },
      insertIfAbsent(input) {
        return insertIfAbsent(table, input as Values, false);
      },
      append(input) {
        return insertIfAbsent(table, input as Values, true);
      },
      async update(key, input) {
        const pending = table.rows.get(key);
        if (pending?.kind === 'upsert' || pending?.kind === 'update') {
          // The key is already among the values.
          merge(pending, input as Values);
          return;
        }
        const values = { ...defined(input as Values), [table.key]: key };
        if (!pending) table.rows.set(key, { kind: 'update', values, owned: true });
        else if (pending.kind === 'known') {
          if (pending.row) table.rows.set(key, { kind: 'known', row: { ...pending.row, ...values }, changed: true });
        } else {
          const row = await resolve(table, key);
          table.rows.set(key, { kind: 'known', row: row && { ...row, ...values }, changed: true });
        }
      },
      remove(key) {
        table.rows.set(key, { kind: 'known', row: null, changed: true });
      },
      async get(key) {
        return ((await resolve(table, key)) ?? undefined) as RowOf<T> | undefined;
      },
    };
  }

  /** The writes of what `table` has pending, in the order they must run; the table then has nothing pending. */
  function writesOf(table: Table, inline: boolean): (RawBuilder<unknown> | { copy: Group })[] {
    const writes: (RawBuilder<unknown> | { copy: Group })[] = [];
    if (table.rows.size === 0) return writes;
    const removed: Values[] = [];
    // Grouped by statement and column set, so each group is one statement.
    const groups = new Map<string, Group>();
    // Rows a projector builds the same way list their columns in the same order: one group per
    // order seen, merged by the sorted column set.
    const byOrder = new Map<string, Group>();
    // Most rows in a row have the last one's columns in its order: that is checked without
    // making a string or an array per row.
    let last: { kind: Kind; order: string[]; group: Group } | undefined;
    const add = (kind: Kind, values: Values) => {
      if (last?.kind === kind && inOrder(values, last.order)) {
        last.group.rows.push(values);
        return;
      }
      const keys = Object.keys(values);
      const order = `${kind}:${keys.join(',')}`;
      let group = byOrder.get(order);
      if (!group) {
        const columns = [...keys].sort();
        const id = `${kind}:${columns.join(',')}`;
        group = groups.get(id) ?? { kind, columns, rows: [] };
        groups.set(id, group);
        byOrder.set(order, group);
      }
      last = { kind, order: keys, group };
      group.rows.push(values);
    };
    for (const [key, pending] of table.rows) {
      if (pending.kind === 'known') {
        if (!pending.changed) continue;
        if (pending.row) add('upsert', defined(pending.row));
        else removed.push({ [table.key]: key });
      } else if (pending.kind === 'insertIfAbsent' && pending.appended && options.copy) add('copy', pending.values);
      else add(pending.kind, pending.values);
    }
    table.rows.clear();

    const name = quoted(table.name);
    const key = quoted(table.key);
    // json_populate_recordset turns each JSON object into a row of the table's own type, so
    // every column gets its type (jsonb, timestamptz, integer …) from the table itself.
    const source = (rows: Values[]) => {
      const json = JSON.stringify(rows);
      return sql`json_populate_recordset(null::${sql.raw(name)}, ${inline ? sql.raw(dollarQuoted(json)) : json}::json)`;
    };
    if (removed.length > 0) writes.push(sql`delete from ${sql.raw(name)} t using ${source(removed)} v where t.${sql.raw(key)} = v.${sql.raw(key)}`);
    for (const group of groups.values()) {
      if (group.kind === 'copy') {
        writes.push({ copy: group });
        continue;
      }
      const columns = group.columns.map(quoted);
      const list = sql.raw(columns.join(', '));
      const others = columns.filter((c) => c !== key);
      if (group.kind === 'update') {
        if (others.length === 0) continue;
        const set = sql.raw(others.map((c) => `${c} = v.${c}`).join(', '));
        writes.push(sql`update ${sql.raw(name)} t set ${set} from ${source(group.rows)} v where t.${sql.raw(key)} = v.${sql.raw(key)}`);
        continue;
      }
      const onConflict =
        group.kind === 'insertIfAbsent' || others.length === 0
          ? sql.raw('do nothing')
          : sql.raw(`do update set ${others.map((c) => `${c} = excluded.${c}`).join(', ')}`);
      writes.push(sql`insert into ${sql.raw(name)} (${list}) select ${list} from ${source(group.rows)} on conflict (${sql.raw(key)}) ${onConflict}`);
    }
    return writes;
  }

  async function flush() {
    if (options.statementsOnly) throw new NeedsTransaction();
    for (const table of tables.values()) {
      for (const write of writesOf(table, false)) {
        if ('copy' in write) await options.copy!(table.name, write.copy.columns, write.copy.rows);
        else await write.execute(trx);
      }
    }
  }

  function takeStatements(): RawBuilder<unknown>[] {
    return [...tables.values()].flatMap((table) =>
      writesOf(table, true).map((write) => {
        if ('copy' in write) throw new Error(`${table.name}: rows for COPY cannot be written as statements`);
        return write;
      }),
    );
  }

  return {
    table<T extends TableName>(name: T, key: keyof Database[T] & string): TableRows<T> {
      let table = tables.get(name);
      if (!table) {
        table = new Table(name, key);
        tables.set(name, table);
      } else if (table.key !== key) throw new Error(`${name} is keyed by ${table.key}, not ${key}`);
      return (table.handle ??= handle(table)) as unknown as TableRows<T>;
    },
    async transaction() {
      await flush();
      return trx;
    },
    flush,
    takeStatements,
    rowsRead,
    touches: (table, key) => tables.get(table)?.rows.has(key) ?? false,
  };
}

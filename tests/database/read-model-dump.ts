import { sql, type Kysely } from 'kysely';
import type { Database } from '@moncafe/projections/database';
import { projectors } from '@moncafe/projections/read-models';

/** Every read-model table, each row as JSON, sorted: two systems' dumps are equal when their read models are. */
export async function dumpReadModels(
  db: Kysely<Database>,
  options: { omitColumns?: Record<string, readonly string[]> } = {},
): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of projectors.flatMap((p) => p.tables).sort()) {
    // As JSON made by PostgreSQL: a timestamp keeps its microseconds (a JS Date would drop them
    // and hide a difference, decision 199).
    const { rows } = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t) as row from ${sql.table(table)} t`.execute(db);
    const omit = options.omitColumns?.[table] ?? [];
    dump[table] = rows
      .map(({ row }) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row)
              .filter(([column]) => !omit.includes(column))
              .sort(([a], [b]) => a.localeCompare(b)),
          ),
        ),
      )
      .sort();
  }
  return dump;
}

export async function dumpCheckpoints(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('projection_checkpoints').selectAll().execute();
  return Object.fromEntries(rows.filter((r) => projectors.some((p) => p.name === r.name)).map((r) => [r.name, Number(r.position)]));
}

/**
 * The read-model tables' shape as the database holds it: columns with their types, defaults and
 * nullability, and every index and constraint with its name and definition (a rebuild that swaps
 * copies in must leave exactly this behind).
 */
export async function dumpReadModelShape(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const shape: Record<string, string[]> = {};
  for (const table of projectors.flatMap((p) => p.tables).sort()) {
    const { rows } = await sql<{ line: string }>`
      select format('column %s %s %s %s', a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid)) as line
        from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
      union all
      select format('index %s', pg_get_indexdef(indexrelid)) from pg_index where indrelid = ${table}::regclass
      union all
      select format('constraint %s %s', conname, pg_get_constraintdef(oid)) from pg_constraint where conrelid = ${table}::regclass`.execute(db);
    shape[table] = rows.map((r) => r.line).sort();
  }
  return shape;
}

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
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const omit = options.omitColumns?.[table] ?? [];
    dump[table] = rows
      .map((row) =>
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

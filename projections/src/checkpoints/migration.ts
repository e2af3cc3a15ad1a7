import { sql, type Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const checkpointMigrations: ReadModelMigrations = {
  '2026-11-22T00-00-checkpoints': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('projection_checkpoints')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
        .execute();
    },
  },
};

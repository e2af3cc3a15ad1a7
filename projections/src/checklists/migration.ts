import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const checklistMigrations: ReadModelMigrations = {
  '2027-01-10T00-20-checklists': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('checklist_tasks')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('task_text', 'text', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('checklist_ticks')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('business_day', 'text', (c) => c.notNull())
        .addColumn('task_id', 'text', (c) => c.notNull())
        .addColumn('completed', 'boolean', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('checklist_ticks_pkey', ['store_id', 'list', 'business_day', 'task_id'])
        .execute();
    },
  },
};

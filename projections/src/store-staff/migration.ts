import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const storeStaffMigrations: ReadModelMigrations = {
  '2027-01-10T00-00-store-staff': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('store_staff')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('wage', 'integer')
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('store_staff_store_id').ifNotExists().on('store_staff').column('store_id').execute();
    },
  },
};

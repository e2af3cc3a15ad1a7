import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const shiftMigrations: ReadModelMigrations = {
  '2027-01-10T00-10-shifts': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('recruit_times')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.primaryKey())
        .addColumn('weekday_start', 'text', (c) => c.notNull())
        .addColumn('weekday_end', 'text', (c) => c.notNull())
        .addColumn('weekend_start', 'text', (c) => c.notNull())
        .addColumn('weekend_end', 'text', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shift_submissions')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('shift_date', 'text', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
        .addColumn('submitted_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('shift_submissions_pkey', ['store_id', 'user_id', 'shift_date'])
        .execute();
      await db.schema
        .createTable('shifts')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('shift_date', 'text', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shifts_store_date').ifNotExists().on('shifts').columns(['store_id', 'shift_date']).execute();
      await db.schema
        .createTable('shift_history')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('shift_date', 'text', (c) => c.notNull())
        .addColumn('shift_type', 'text', (c) => c.notNull())
        .addColumn('before_value', 'text', (c) => c.notNull())
        .addColumn('after_value', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shift_history_store_date').ifNotExists().on('shift_history').columns(['store_id', 'shift_date']).execute();
    },
  },
};

import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const storeMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-stores': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stores')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('postal_code', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('access_note', 'text')
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '2026-11-22T20-10-stores-coordinates': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('stores')
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('geofence_radius_m', 'integer', (c) => c.notNull().defaultTo(100))
        .execute();
    },
  },
  '2026-11-26T14-30-stores-closed-on': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('stores').addColumn('closed_on', 'text').execute();
    },
  },
};

import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const homepageCardMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-homepage-cards': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('homepage_cards')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('card_type', 'text', (c) => c.notNull())
        .addColumn('link_url', 'text')
        .addColumn('image_url', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};

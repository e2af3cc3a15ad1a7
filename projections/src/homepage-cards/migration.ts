import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const homepageCardMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-homepage-cards': sqlMigration(
    sql`create table if not exists homepage_cards (
      id text primary key, card_type text not null, link_url text, image_url text, title text not null,
      description text not null, is_active boolean not null, display_order integer default 0 not null
    )`,
  ),
  // Decision 394: a card's optional English title and description; empty shows the Japanese.
  '2026-11-26T23-30-homepage-cards-english': sqlMigration(
    sql`alter table homepage_cards add column title_en text default '' not null, add column description_en text default '' not null`,
  ),
  // Decision 456: a card may belong to one store; null is the whole site's.
  '2026-11-27T10-00-homepage-cards-store': sqlMigration(sql`alter table homepage_cards add column store_id text`),
};

import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

/** The `/api/admin/homepage-settings` answer row. */
export type HomepageCard = Selectable<Database['homepage_cards']>;

/** Cards by display_order; the homepage asks for the active ones only, the admin for all. */
export async function listHomepageCards(db: Kysely<Database>, options: { activeOnly?: boolean } = {}): Promise<HomepageCard[]> {
  let query = db.selectFrom('homepage_cards').selectAll();
  if (options.activeOnly) query = query.where('is_active', '=', true);
  return query.orderBy('display_order').orderBy('id').execute();
}

import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

/** The `/api/admin/email-settings/notices` answer row. */
export type EmailNotice = Selectable<Database['email_notices']>;

/**
 * Notices by display_order. With a store id: that store's notices and the ones for every
 * store; without: all of them (the admin list).
 */
export async function listNotices(db: Kysely<Database>, options: { storeId?: string; activeOnly?: boolean } = {}): Promise<EmailNotice[]> {
  let query = db.selectFrom('email_notices').selectAll();
  const storeId = options.storeId;
  if (storeId !== undefined) query = query.where((eb) => eb.or([eb('store_id', 'is', null), eb('store_id', '=', storeId)]));
  if (options.activeOnly) query = query.where('is_active', '=', true);
  return query.orderBy('display_order').orderBy('id').execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../database';
import type { NotificationRecipientRow } from './table';

/** The `/api/admin/disclaimer` answer: the store's disclaimer, empty when it has none. */
export async function disclaimerOf(db: Kysely<Database>, storeId: string): Promise<{ content: string }> {
  const row = await db.selectFrom('disclaimers').select('content').where('store_id', '=', storeId).executeTakeFirst();
  return { content: row?.content ?? '' };
}

export interface NotificationSettings {
  store_id: string;
  recipients: NotificationRecipientRow[];
  low_stock_threshold: number;
  guest_reminders: boolean;
  reminder_hour: number;
}

/** Who is told of what at a store; nobody (and the default threshold 3) until the admin saves. */
export async function notificationSettingsOf(db: Kysely<Database>, storeId: string): Promise<NotificationSettings> {
  const row = await db.selectFrom('notification_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  return row ?? { store_id: storeId, recipients: [], low_stock_threshold: 3, guest_reminders: true, reminder_hour: 18 };
}

/** A menu item's name, for the low-stock mail. */
export async function menuNameOf(db: Kysely<Database>, menuId: string): Promise<string | null> {
  const row = await db.selectFrom('menu_items').select('name').where('id', '=', menuId).executeTakeFirst();
  return row?.name ?? null;
}

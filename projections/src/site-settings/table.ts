import type { ColumnType } from 'kysely';

export interface NotificationRecipientRow {
  email: string;
  new_booking: boolean;
  cancellation: boolean;
  low_stock: boolean;
}

/** Site settings (decisions 130–135): each store's disclaimer and who is told of what (recipients as jsonb). */
export interface SiteSettingsTables {
  disclaimers: {
    store_id: string;
    content: string;
  };
  notification_settings: {
    store_id: string;
    recipients: ColumnType<NotificationRecipientRow[], string, string>;
    low_stock_threshold: number;
    guest_reminders: ColumnType<boolean, boolean | undefined, boolean>;
    reminder_hour: ColumnType<number, number | undefined, number>;
  };
}

import { catalogProjector, catalogTable } from '../catalog-projector';

/** Disclaimers and notification settings (record id = store id): upsert or delete, harmless when replayed. */
export const siteSettingsProjector = catalogProjector('site-settings', [
  catalogTable({ kind: 'disclaimer', table: 'disclaimers', key: 'store_id', row: (_id, data) => ({ ...data }) }),
  catalogTable({ kind: 'notification-settings', table: 'notification_settings', key: 'store_id', row: (_id, data) => ({ ...data }) }),
]);

import { catalogProjector, catalogTable } from '../catalog-projector';

/** Same-day settings (record id = store id): upsert or delete, harmless when replayed. */
export const sameDaySettingsProjector = catalogProjector('same-day-settings', [
  catalogTable({ kind: 'same-day-settings', table: 'same_day_settings', key: 'store_id', row: (_id, data) => ({ ...data }) }),
]);

import { catalogProjector, catalogTable } from '../catalog-projector';

/** Business-hour rules: an upsert per save and a delete per removal, harmless when replayed. */
export const businessHoursProjector = catalogProjector('business-hours', [
  catalogTable({
    kind: 'business-hours',
    table: 'business_hours',
    key: 'id',
    row: (id, data) => ({
      id,
      store_id: data.store_id,
      rule: data.rule,
      weekday: data.rule === 'weekday' ? data.weekday : null,
      date: data.rule === 'date' ? data.date : null,
      // A closed day keeps no times, so readers never show hours for it.
      open_time: data.is_closed ? null : data.open_time,
      close_time: data.is_closed ? null : data.close_time,
      is_closed: data.is_closed,
    }),
  }),
]);

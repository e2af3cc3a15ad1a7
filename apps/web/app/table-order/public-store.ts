import type { Store } from '@moncafe/projections/stores/queries';

/**
 * A store as /api/stores answers it: everything but the geofence radius, which only the server's
 * check-in uses (decision 150: a published fence told a remote script where to claim to be).
 * The point itself stays: /access shows it on the map.
 */
export function publicStore(store: Store): Omit<Store, 'geofence_radius_m' | 'second_factor_for_staff' | 'wage_retention_years'> {
  // Nor how staff sign in and how long their records are kept: the admin's, not a guest's.
  const { geofence_radius_m: _radius, second_factor_for_staff: _factor, wage_retention_years: _years, ...rest } = store;
  return rest;
}

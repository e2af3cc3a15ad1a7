/**
 * The QR ordering geofence (decision 062): a phone may check in and order at a table when the
 * position it reports is near the store. Positions in a basement are poor, so the reported
 * accuracy counts in the phone's favour, but only up to the fence's own radius: a phone that
 * says "somewhere within 5 km" cannot order from anywhere.
 *
 *   inside  ⇔  distance(phone, store) ≤ radius + min(accuracy, radius)
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface StoreFence extends GeoPoint {
  radiusM: number;
}

export interface ReportedPosition extends GeoPoint {
  /** The browser's accuracy in metres (68% confidence); null when it gave none. */
  accuracy: number | null;
}

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * `inside`; `outside_geofence`; `location_required` (no position was sent); `store_location_unset`
 * (the store has no coordinates yet, so no position can pass: staff must waive the check).
 */
export type LocationVerdict = 'inside' | 'outside_geofence' | 'location_required' | 'store_location_unset';

export function checkLocation(fence: StoreFence | null, position: ReportedPosition | null): LocationVerdict {
  if (!fence) return 'store_location_unset';
  if (!position || !Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) return 'location_required';
  const accuracy = position.accuracy !== null && Number.isFinite(position.accuracy) && position.accuracy > 0 ? position.accuracy : 0;
  const credit = Math.min(accuracy, fence.radiusM);
  return distanceMeters(fence, position) <= fence.radiusM + credit ? 'inside' : 'outside_geofence';
}

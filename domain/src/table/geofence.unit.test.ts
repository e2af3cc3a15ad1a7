import { describe, expect, it } from 'vitest';
import { checkLocation, distanceMeters } from './geofence';

const store = { latitude: 35.690921, longitude: 139.698414, radiusM: 150 };
/** A point `metres` north of the store (1° of latitude ≈ 111,195 m). */
const north = (metres: number, accuracy: number | null = 10) => ({ latitude: store.latitude + metres / 111_195, longitude: store.longitude, accuracy });

describe('the QR ordering geofence', () => {
  it('measures great-circle distances (Tokyo to Shinjuku station is about 6.2 km)', () => {
    expect(distanceMeters({ latitude: 35.681236, longitude: 139.767125 }, { latitude: 35.690921, longitude: 139.700258 })).toBeCloseTo(6_140, -2);
    expect(distanceMeters(store, north(100))).toBeCloseTo(100, 0);
  });
  it('lets a phone inside the radius order', () => {
    expect(checkLocation(store, north(0))).toBe('inside');
    expect(checkLocation(store, north(149))).toBe('inside');
  });
  it('credits the reported accuracy, but never more than the radius itself', () => {
    expect(checkLocation(store, north(250, 10))).toBe('outside_geofence');
    expect(checkLocation(store, north(250, 120))).toBe('inside');
    expect(checkLocation(store, north(299, 5_000))).toBe('inside');
    expect(checkLocation(store, north(310, 5_000))).toBe('outside_geofence');
    expect(checkLocation(store, north(160, null))).toBe('outside_geofence');
  });
  it('asks for a position when none was sent, and cannot pass anyone where the store has no coordinates', () => {
    expect(checkLocation(store, null)).toBe('location_required');
    expect(checkLocation(store, { latitude: Number.NaN, longitude: 0, accuracy: 1 })).toBe('location_required');
    expect(checkLocation(null, north(0))).toBe('store_location_unset');
  });
});

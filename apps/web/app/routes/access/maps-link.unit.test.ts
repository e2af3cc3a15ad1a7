import { describe, expect, it } from 'vitest';
import { addressMapsUrl, embeddedMapUrl, mapsPlatform, mapsUrl, placeOf } from './maps-link';

const place = { name: 'MonCafe', address: '東京都千代田区丸の内1丁目', latitude: 35.681236, longitude: 139.767125 };

describe('maps button', () => {
  it('picks the platform from the user agent', () => {
    expect(mapsPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('ios');
    expect(mapsPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile')).toBe('android');
    expect(mapsPlatform('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120')).toBe('other');
  });

  it('opens Apple Maps on iOS, Google Maps on Android and a web map elsewhere, at the store', () => {
    expect(mapsUrl('ios', place)).toMatch(/^https:\/\/maps\.apple\.com\/\?ll=35\.681236,139\.767125&q=MonCafe&address=/);
    expect(mapsUrl('android', place)).toBe('https://www.google.com/maps/search/?api=1&query=35.681236%2C139.767125');
    expect(mapsUrl('other', place)).toContain('openstreetmap.org/?mlat=35.681236&mlon=139.767125');
  });

  it('embeds a map centred on the store with a marker', () => {
    const url = new URL(embeddedMapUrl(place));
    expect(url.hostname).toBe('www.openstreetmap.org');
    expect(url.searchParams.get('marker')).toBe('35.681236,139.767125');
    const [west, south, east, north] = (url.searchParams.get('bbox') ?? '').split(',').map(Number) as [number, number, number, number];
    expect(west).toBeLessThan(place.longitude);
    expect(east).toBeGreaterThan(place.longitude);
    expect(south).toBeLessThan(place.latitude);
    expect(north).toBeGreaterThan(place.latitude);
  });

  it('takes name, address and the pin from the store record, and without coordinates searches the address instead', () => {
    const store = { name: 'MonCafe 駅前店', address: '東京都新宿区西新宿1-1-1', access_note: null, latitude: 35.690921, longitude: 139.698414 };
    expect(placeOf(store)).toEqual({
      name: 'MonCafe 駅前店',
      address: '東京都新宿区西新宿1-1-1',
      accessNote: null,
      coordinates: { latitude: 35.690921, longitude: 139.698414 },
    });
    expect(placeOf({ ...store, latitude: null }).coordinates).toBeNull();
    expect(addressMapsUrl('android', store)).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('MonCafe 駅前店 東京都新宿区西新宿1-1-1')}`,
    );
  });
});

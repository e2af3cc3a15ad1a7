/**
 * The access page's "open in maps" button: Apple Maps on iOS, Google Maps on Android, web maps
 * elsewhere. The platform comes from the user agent (the server renders the right link; the
 * browser re-checks after hydration, since a cached page may have been rendered for another).
 */
export type MapsPlatform = 'ios' | 'android' | 'other';

export function mapsPlatform(userAgent: string): MapsPlatform {
  // iPadOS 13+ reports a Mac user agent; only touch Macs are iPads, which the client check catches.
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}

export interface Place {
  name: string;
  address: string;
}

/** Where the pin goes: the store record's coordinates (decision 039), the same point the QR geofence measures from. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function mapsUrl(platform: MapsPlatform, place: Place & Coordinates): string {
  const ll = `${place.latitude},${place.longitude}`;
  switch (platform) {
    case 'ios':
      // maps.apple.com links open the Maps app on iOS.
      return `https://maps.apple.com/?ll=${ll}&q=${encodeURIComponent(place.name)}&address=${encodeURIComponent(place.address)}`;
    case 'android':
      // Google Maps' universal link opens the app when it is installed, the web otherwise.
      return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ll)}`;
    case 'other':
      return `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=18/${place.latitude}/${place.longitude}`;
  }
}

/** Without coordinates the maps apps search the address itself, so the pin is never somewhere else. */
export function addressMapsUrl(platform: MapsPlatform, place: Place): string {
  const q = encodeURIComponent(`${place.name} ${place.address}`);
  switch (platform) {
    case 'ios':
      return `https://maps.apple.com/?q=${q}`;
    case 'android':
      return `https://www.google.com/maps/search/?api=1&query=${q}`;
    case 'other':
      return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.address)}`;
  }
}

/** OpenStreetMap's embeddable map around the place (shared with /admin/store-coordinates' preview). */
export { embeddedMapUrl } from '#app/shared/map-embed';

export type StorePlace = Place & { accessNote: string | null; coordinates: Coordinates | null };

/**
 * Where the cafe is, for /access: name, address, access note and coordinates all from the
 * site's store record. Before any store exists, the product's name and no address or pin.
 */
export function placeOf(
  store: { name: string; address: string; access_note: string | null; latitude: number | null; longitude: number | null } | null,
): StorePlace {
  if (!store) return { name: 'MonCafe', address: '', accessNote: null, coordinates: null };
  const coordinates = store.latitude !== null && store.longitude !== null ? { latitude: store.latitude, longitude: store.longitude } : null;
  return { name: store.name, address: store.address, accessNote: store.access_note, coordinates };
}

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
  latitude: number;
  longitude: number;
}

export function mapsUrl(platform: MapsPlatform, place: Place): string {
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

/** OpenStreetMap's embeddable map around the place (shared with /admin/store-coordinates' preview). */
export { embeddedMapUrl } from '#app/shared/map-embed';

/**
 * Where the cafe is, for /access. The store record has no coordinates yet, so they are fixed
 * here (the spec's access page uses a fixed address and coordinates); name, address and the
 * access note come from the site's store when there is one.
 */
export const fallbackPlace: Place & { accessNote: string | null } = {
  name: 'MonCafe',
  address: '東京都千代田区丸の内1丁目 駅前地下',
  latitude: 35.681236,
  longitude: 139.767125,
  accessNote: null,
};

export function placeOf(store: { name: string; address: string; access_note: string | null } | null): Place & { accessNote: string | null } {
  return store ? { ...fallbackPlace, name: store.name, address: store.address, accessNote: store.access_note } : fallbackPlace;
}

/**
 * The phone's position for the QR check-in (spec §9: timeout 10 s, maximum age 60 s on the QR
 * page), with the spec's four failures named (§8: denied, unavailable, timeout, unsupported).
 */
export type LocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
export type Located = { ok: true; lat: number; lng: number; accuracy: number | null } | { ok: false; failure: LocationFailure };

const GEOLOCATION_TIMEOUT_MS = 10_000;
const GEOLOCATION_MAX_AGE_MS = 60_000;

export function locate(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Located> {
  if (!geolocation) return Promise.resolve({ ok: false, failure: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (p) => resolve({ ok: true, lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null }),
      (error) => resolve({ ok: false, failure: error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAX_AGE_MS },
    );
  });
}

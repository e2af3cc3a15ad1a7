import { useCallback, useEffect, useState } from 'react';
import { callJson } from '#app/http/api-client';

/**
 * The store an area works on, kept in the browser (spec: local storage, `adminStoreId` for the
 * admin and monitor areas, `staffStoreId` for staff). The server never trusts it: calls name
 * the store and are authorized by role and by the store's membership (app/auth/store-bound.ts);
 * the choice lists only the person's stores (decision 400).
 */
export type StoreKey = 'adminStoreId' | 'staffStoreId';

export function readStoredStore(key: StoreKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keepInBrowser(key: StoreKey, storeId: string | null) {
  try {
    if (storeId) window.localStorage.setItem(key, storeId);
    else window.localStorage.removeItem(key);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/**
 * [storeId (null until chosen or before hydration), choose, loaded]. This browser's own choice
 * counts while `mayUse` accepts it; else the area opens on `opening`, the store the server keeps
 * for the person (decision 576: the last one they chose in any browser, or their only one). A
 * choice is kept in the browser and, with `persist`, on the person's account too.
 */
export function useStoredStore(
  key: StoreKey,
  opening: string | null = null,
  persist = false,
  mayUse: (storeId: string) => boolean = () => true,
): [string | null, (storeId: string | null) => void, boolean] {
  const [storeId, setStoreId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const kept = readStoredStore(key);
    const start = kept && mayUse(kept) ? kept : (opening ?? kept);
    if (start && start !== kept) keepInBrowser(key, start);
    setStoreId(start);
    setLoaded(true);
    // Only the first answer of the layout's loader opens the area; later ones follow this page's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const choose = useCallback(
    (next: string | null) => {
      keepInBrowser(key, next);
      setStoreId(next);
      // The account's copy is a convenience for the next browser: a failed send leaves this one as chosen.
      if (next && persist) void callJson('/api/my-store', { method: 'PUT', body: { store_id: next } });
    },
    [key, persist],
  );
  return [storeId, choose, loaded];
}

/** What an area layout hands its child screens through <Outlet context>. */
export interface AreaOutletContext {
  storeId: string | null;
  stores: { store_id: string; name: string }[];
}

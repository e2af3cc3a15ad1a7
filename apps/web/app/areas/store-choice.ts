import { useCallback, useEffect, useState } from 'react';

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

/** [storeId (null until chosen or before hydration), choose, loaded]. */
export function useStoredStore(key: StoreKey): [string | null, (storeId: string | null) => void, boolean] {
  const [storeId, setStoreId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setStoreId(readStoredStore(key));
    setLoaded(true);
  }, [key]);
  const choose = useCallback(
    (next: string | null) => {
      try {
        if (next) window.localStorage.setItem(key, next);
        else window.localStorage.removeItem(key);
      } catch {
        // Private mode without storage: the choice lasts for this page only.
      }
      setStoreId(next);
    },
    [key],
  );
  return [storeId, choose, loaded];
}

/** What an area layout hands its child screens through <Outlet context>. */
export interface AreaOutletContext {
  storeId: string | null;
  stores: { store_id: string; name: string }[];
}

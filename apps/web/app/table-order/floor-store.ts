import { useMemo } from 'react';
import { useHydrated } from '#app/shared/hydrated';
import { useOutletContext } from 'react-router';
import { readStoredStore, type AreaOutletContext } from '#app/areas/store-choice';

/**
 * The store a floor screen works on: the monitor's chosen store (its sidebar), or on the kitchen
 * tablet (which has no store choice) the store last chosen on this device, else the server's
 * default store (null); never a store outside the area's list. `ready` turns true after hydration, when local storage can be read.
 */
export function useFloorStore(): { storeId: string | null; ready: boolean } {
  const outlet = useOutletContext<AreaOutletContext | undefined>();
  const hydrated = useHydrated();
  const stored = useMemo(() => ({ storeId: hydrated ? readStoredStore('adminStoreId') : null, ready: hydrated }), [hydrated]);
  if (outlet?.storeId) return { storeId: outlet.storeId, ready: true };
  // The kitchen's stores are the person's own (a limited monitor's, decision 400): a kept store outside them means their first.
  const own = outlet?.stores;
  if (!stored.ready || !own || own.length === 0 || own.some((s) => s.store_id === stored.storeId)) return stored;
  return { storeId: own[0]?.store_id ?? null, ready: true };
}

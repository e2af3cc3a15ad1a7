import { useEffect, useState } from 'react';
import { useOutletContext } from 'react-router';
import { readStoredStore, type AreaOutletContext } from '#app/areas/store-choice';

/**
 * The store a floor screen works on: the monitor's chosen store (its sidebar), or on the kitchen
 * tablet (which has no store choice) the store last chosen on this device, else the server's
 * default store (null). `ready` turns true after hydration, when local storage can be read.
 */
export function useFloorStore(): { storeId: string | null; ready: boolean } {
  const outlet = useOutletContext<AreaOutletContext | undefined>();
  const [stored, setStored] = useState<{ storeId: string | null; ready: boolean }>({ storeId: null, ready: false });
  useEffect(() => setStored({ storeId: readStoredStore('adminStoreId'), ready: true }), []);
  return outlet?.storeId ? { storeId: outlet.storeId, ready: true } : stored;
}

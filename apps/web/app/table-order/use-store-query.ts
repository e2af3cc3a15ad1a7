import { useEffect } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import type { AreaOutletContext } from '#app/areas/store-choice';

/**
 * Screens of the monitor and admin areas whose loader needs the chosen store: the store lives in
 * the browser (the sidebar's choice), so the screen puts it into its query (`?store_id=`) and the
 * loader reads it from there. Answers the chosen store id (null until chosen).
 */
export function useStoreQuery(loaded: string | null): string | null {
  const { storeId } = useOutletContext<AreaOutletContext>();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!storeId || storeId === loaded) return;
    const params = new URLSearchParams(search);
    params.set('store_id', storeId);
    void navigate(`${pathname}?${params.toString()}`, { replace: true });
  }, [storeId, loaded, navigate, pathname, search]);
  return storeId;
}

import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The store a guest chose, carried by every step of the reservation flow and the menu as
 * `?store=id` so a link names its store and can be shared (decision 406). It is a claim: every
 * call sends it as `store_id` and the server checks it is an open store. No `?store=`: the first
 * open store, as before there were several.
 */
export const STORE_PARAM = 'store';

/** A path of the flow with the chosen store kept in its address (unchanged when none is chosen). */
export function withStore(path: string, storeId: string | null): string {
  if (!storeId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${STORE_PARAM}=${encodeURIComponent(storeId)}`;
}

/** The chosen store of the page's address: its id, the calls' `store_id` claim, and links that keep it. */
export function useFlowStore() {
  const storeId = useSearchParams()[0].get(STORE_PARAM) || null;
  return useMemo(() => flowStore(storeId), [storeId]);
}

function flowStore(storeId: string | null) {
  return {
    storeId,
    claim: storeId ? { store_id: storeId } : {},
    /** The address's own parameters when a page sets its others (`?step=`). */
    claimParam: storeId ? { [STORE_PARAM]: storeId } : ({} as Record<string, string>),
    to: (path: string) => withStore(path, storeId),
  };
}

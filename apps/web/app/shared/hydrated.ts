import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the page hydrates, true once the browser owns it: the moment a
 * screen may read the browser's storage or enable what needs JavaScript. Read through the
 * server snapshot, so the first browser render matches the HTML and no effect sets state for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

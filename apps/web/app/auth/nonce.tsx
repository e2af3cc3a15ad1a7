import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

/**
 * The CSP nonce, handed from entry.server.tsx to <Scripts> and <ScrollRestoration> in the
 * root. In the browser it is empty: browsers hide nonces from the DOM, and scripts added after
 * hydration are modules loaded from our own origin ('self').
 */
const NonceContext = createContext('');

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}

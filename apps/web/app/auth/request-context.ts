import { createContext } from 'react-router';
import type { RouterContext } from 'react-router';

/**
 * Per-request values the security middleware puts into the router context. As in
 * app/context.ts, the keys live in a process-wide slot because the server and the vite build
 * can each load a copy of this module.
 */
type Slots = { [key: symbol]: RouterContext<unknown> | undefined };
const slots = globalThis as unknown as Slots;

function sharedContext<T>(name: string, defaultValue: T): RouterContext<T> {
  const key = Symbol.for(`moncafe.web.${name}`);
  return (slots[key] ??= createContext<T>(defaultValue) as RouterContext<unknown>) as RouterContext<T>;
}

/** The CSP nonce of this response: every inline script must carry it. */
export const nonceContext = sharedContext<string>('cspNonce', '');

/** The client's address as express saw it (honouring `trust proxy`); null when unknown. */
export const clientAddressContext = sharedContext<string | null>('clientAddress', null);

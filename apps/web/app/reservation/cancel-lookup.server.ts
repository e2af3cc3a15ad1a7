import type { RouterContextProvider } from 'react-router';
import { rateLimit, tooManyRequests } from '@moncafe/infra/auth/rate-limit';
import type { Runtime } from '@moncafe/infra/runtime';
import { clientAddressContext } from '../auth/request-context';

/** Lookups by id and e-mail are limited per address, so ids cannot be guessed in bulk. */
const CANCEL_LOOKUP_LIMIT = { limit: 30, windowMs: 60_000 };

/** The 429 answer when this address has looked up too many reservations, else null. */
export async function cancelLookupRefusal(runtime: Runtime, context: Readonly<RouterContextProvider>): Promise<Response | null> {
  const ip = context.get(clientAddressContext);
  if (!ip) return null;
  const limited = await rateLimit(runtime, { key: `cancel-lookup:ip:${ip}`, ...CANCEL_LOOKUP_LIMIT });
  return limited.ok ? null : tooManyRequests(limited.retryAfterSeconds);
}

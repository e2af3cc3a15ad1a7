import { isWriteMethod } from './route-access';

/**
 * Cross-site request forgery guard for every state-changing request (login included: a forged
 * login would sign the victim into the attacker's account). Browsers say where a request comes
 * from in `Sec-Fetch-Site` and `Origin`; a request that says nothing is not from a browser
 * page, so it cannot carry a victim's cookies on an attacker's behalf.
 */
export interface RequestFacts {
  method: string;
  host: string | null;
  origin: string | null;
  secFetchSite: string | null;
}

export function isCrossSiteWriteFrom(facts: RequestFacts, trustedOrigins: readonly string[] = []): boolean {
  if (!isWriteMethod(facts.method)) return false;
  const site = facts.secFetchSite;
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = facts.origin;
  if (origin === null) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  // Compared by host: behind a TLS-terminating proxy the server may see http while the browser says https.
  if (facts.host !== null && originHost === facts.host) return false;
  return !trustedOrigins.some((o) => {
    try {
      return new URL(o).host === originHost;
    } catch {
      return false;
    }
  });
}

export function isCrossSiteWrite(request: Request, trustedOrigins: readonly string[] = []): boolean {
  return isCrossSiteWriteFrom(
    {
      method: request.method,
      host: request.headers.get('host') ?? new URL(request.url).host,
      origin: request.headers.get('origin'),
      secFetchSite: request.headers.get('sec-fetch-site'),
    },
    trustedOrigins,
  );
}

import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { securityHeaders } from '#app/auth/security-headers';

/**
 * The outermost layer of the express server, the first middleware of apps/web/server.ts, so it
 * holds for every answer whoever gives it: React Router's pages and calls, the cross-site write
 * refusal, static files, express's own errors (a malformed URL) and 404s (decision 166).
 *
 * - **Headers**: the security headers (CSP with this answer's nonce, frame, nosniff, referrer;
 *   HSTS in production) are set before anything else runs; pages take the nonce from the router
 *   context (`cspNonceOf` → createAppLoadContext) for their inline scripts.
 * - **Unread bodies**: an answer given without reading the whole body (a call that takes none, a
 *   refusal over a cap, a cross-site refusal) would leave the rest on the keep-alive connection
 *   and stall or reset the next request on it. Once the answer is sent, the rest is read and
 *   dropped, up to DRAIN_MAX_BYTES; a body declared larger is answered with `Connection: close`,
 *   one that turns out larger ends its connection.
 */

/** The most of an unread body drained to keep its connection; past it the connection ends. */
export const DRAIN_MAX_BYTES = 4 * 1024 * 1024;

export interface AnswerEdgeOptions {
  production: boolean;
  /** Where sign-in forms may post besides this site (the OpenID provider's origin). */
  oidc?: { issuer: string } | undefined | null;
}

export function answerEdge(options: AnswerEdgeOptions) {
  const formActions = options.oidc ? [new URL(options.oidc.issuer).origin] : [];
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.set(securityHeaders(nonce, { production: options.production, formActions }));
    keepConnectionClean(req, res);
    next();
  };
}

/** The CSP nonce of this answer, for the router context (its pages' inline scripts carry it). */
export function cspNonceOf(res: Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === 'string' ? nonce : undefined;
}

function declaredLength(req: Request): number | null {
  const length = req.headers['content-length'];
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
}

function keepConnectionClean(req: Request, res: Response) {
  // Before the head goes out: a body still unread and declared too large to drain closes the connection.
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && (declaredLength(req) ?? 0) > DRAIN_MAX_BYTES) res.setHeader('Connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;

  res.once('finish', () => {
    if (req.complete || req.destroyed || res.getHeader('Connection') === 'close') return;
    // Whoever was reading (the fetch Request's body pump) is done with it: drop the rest.
    req.removeAllListeners('data');
    let drained = 0;
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_MAX_BYTES) req.socket.destroy();
    });
    req.resume();
  });
}

import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { audit } from '@moncafe/infra/auth/audit';
import { isCrossSiteWriteFrom } from './csrf';
import { authTexts } from './texts';

/**
 * The cross-site write refusal as express middleware, installed in apps/web/server.ts before
 * React Router. It must run first: React Router answers a cross-origin form post to a page with
 * its own 400 before any route middleware runs; this makes every refusal the same 403 JSON.
 * (The root middleware checks again, for servers wired without this.)
 */
export function crossSiteWriteGuard(options: { trustedOrigins: readonly string[]; logger: Pick<Logger, 'info' | 'warn'> }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const facts = {
      method: req.method,
      host: req.get('host') ?? null,
      origin: req.get('origin') ?? null,
      secFetchSite: req.get('sec-fetch-site') ?? null,
    };
    if (!isCrossSiteWriteFrom(facts, options.trustedOrigins)) return next();
    audit(options.logger, 'csrf_refused', { ip: req.ip ?? null, method: req.method, path: req.path, origin: facts.origin, secFetchSite: facts.secFetchSite });
    res.status(403).set('Cache-Control', 'no-store').json({ success: false, error: authTexts.crossSite });
  };
}

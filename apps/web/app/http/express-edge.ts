import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { callTexts } from './texts';

/**
 * What the express server does before and after React Router for every request, installed in
 * apps/web/server.ts: bodies read only up to their cap, the dev mailbox and stack traces kept
 * from strangers (decision 054).
 */

/** Page forms (sign-in, sign-up, admin forms) are a few KiB; their bodies are capped here. */
export const PAGE_BODY_MAX_BYTES = 64 * 1024;

/**
 * The body cap of pages and their actions, before React Router reads a byte: a write must say
 * its length (411 otherwise; browsers always do for forms) and stay under the cap (413). Calls
 * under /api are capped per call by the JSON edge (json.server.ts `maxBodyBytes`), which reads
 * the body in pieces and stops at its call's cap.
 */
export function pageBodyGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || req.path === '/api' || req.path.startsWith('/api/')) return next();
    const length = req.get('content-length');
    if (length === undefined && req.get('transfer-encoding') === undefined) return next();
    if (length === undefined) return refuse(res, 411, callTexts.lengthRequired);
    if (!/^\d+$/.test(length) || Number(length) > PAGE_BODY_MAX_BYTES) return refuse(res, 413, callTexts.tooLarge);
    next();
  };
}

/**
 * The last resort after React Router and the static files: an error express itself met (a path
 * whose percent-encoding does not decode, a body it could not read) is answered as JSON with
 * its status and never a stack trace; only a server error is logged.
 */
export function lastResortErrors(logger: Pick<Logger, 'error'>) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const given = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof given === 'number' && given >= 400 && given < 600 ? given : 500;
    if (status >= 500) logger.error({ err: error, path: req.path }, 'request failed');
    refuse(res, status, status >= 500 ? callTexts.serverError : callTexts.badRequest);
  };
}

/** A refusal; a body left unread is drained, or its connection closed, by the outermost layer (answer-edge.ts). */
function refuse(res: Response, status: number, error: string) {
  res.status(status).set('Cache-Control', 'no-store').json({ success: false, error });
}

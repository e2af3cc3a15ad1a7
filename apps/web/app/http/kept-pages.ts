import type { NextFunction, Request, Response } from 'express';
import { isJapaneseOnlyPath, languageOfHeaders } from '#app/i18n/language';

/**
 * Kept pages answered at the door (decision 460): a guest's page that entry.server.tsx rendered
 * once (decision 043) is answered again for the same address, language and kind of visitor
 * before React Router matches a route or runs a loader — while the loader's cached answer the
 * page was made from is still the one the reference-data cache holds, on the same Tokyo day.
 * Anything else (a session or another cookie, a HEAD, a page not kept yet, a catalog change,
 * an expired value, a new day) goes on to React Router as before, which keeps the page again.
 */

/** The nonce a kept page is rendered with; each answer swaps in its own (entry.server.tsx). */
export const STAND_IN_NONCE = 'moncafe-render-once-nonce';

/** What the door answers: the page, its status and headers as React Router gave them. */
export interface KeptPage {
  html: string;
  status: number;
  headers: readonly (readonly [string, string])[];
}

/** Which visit a page may be kept for: set by the door on a request it could answer next time. */
export interface KeptPageTicket {
  key: string;
  /** The Tokyo date when the request arrived (before any loader read the clock). */
  day: string;
}

interface Kept extends KeptPage {
  day: string;
  /** The loader's answer the page was made from. */
  data: object;
}

export interface KeptPages {
  /** Keeps the page rendered for the visit of `ticket`, made from the cached answer `data`. */
  keep(ticket: KeptPageTicket, data: object, page: KeptPage): void;
  /** The page kept for `key`, if it still stands for what React Router would answer today. */
  find(key: string, day: string): KeptPage | null;
}

/** Addresses kept at most (query strings come from visitors): the oldest goes first. */
const MAX_KEPT = 64;

/**
 * @param holds whether a loader answer is still the one the reference-data cache keeps
 *   (`runtime.referenceData.holds`): a catalog change, an expiry or an eviction ends the page.
 */
export function keptPages(holds: (data: object) => boolean): KeptPages {
  const pages = new Map<string, Kept>();
  return {
    keep(ticket, data, page) {
      if (!holds(data)) return;
      pages.delete(ticket.key);
      pages.set(ticket.key, { ...page, day: ticket.day, data });
      if (pages.size > MAX_KEPT) pages.delete(pages.keys().next().value!);
    },
    find(key, day) {
      const kept = pages.get(key);
      if (!kept) return null;
      // The loader's answer was read on or after the ticket's day and on or before today: the
      // same day means the loader would ask for the same date today.
      if (kept.day !== day || !holds(kept.data)) {
        pages.delete(key);
        return null;
      }
      return kept;
    },
  };
}

/** Cookies a guest's page does not depend on beyond the language they choose: only `lang`. */
function onlyLanguageCookie(cookieHeader: string | undefined): boolean {
  if (cookieHeader === undefined) return true;
  return cookieHeader.split(';').every((part) => {
    const name = part.split('=')[0]!.trim();
    return name === '' || name === 'lang';
  });
}

/**
 * The door's key of a request, or null when the door must leave it to React Router: a GET from
 * a guest (no cookie but the language's — a session or any other cookie goes on), keyed by
 * everything React Router's request is made of (protocol, host, forwarded host, the address with
 * its query) and the page's language as the root loader derives it.
 */
export function keptPageKey(req: Request): string | null {
  if (req.method !== 'GET' || !onlyLanguageCookie(req.headers.cookie)) return null;
  const language = isJapaneseOnlyPath(req.path) ? 'ja' : languageOfHeaders(req.headers.cookie ?? null, req.headers['accept-language'] ?? null);
  const forwarded = req.app.enabled('trust proxy') ? (req.get('x-forwarded-host') ?? '') : '';
  return [language, req.protocol, req.get('host') ?? '', forwarded, req.originalUrl].join(' ');
}

/**
 * The express handler in front of React Router: answers a kept page with this answer's CSP nonce,
 * or leaves a ticket (`res.locals.keptPage`) so that the page React Router renders for this
 * request may be kept for the next (server.ts hands it to the router context).
 */
export function keptPageDoor(pages: KeptPages, today: () => string, nonceOf: (res: Response) => string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = keptPageKey(req);
    if (key === null) return next();
    const day = today();
    const nonce = nonceOf(res);
    const page = nonce === undefined ? null : pages.find(key, day);
    if (!page || nonce === undefined) {
      res.locals.keptPage = { key, day } satisfies KeptPageTicket;
      return next();
    }
    // As React Router's express adapter sends them (`append`: express adds the text's charset).
    res.status(page.status);
    for (const [name, value] of page.headers) res.append(name, value);
    res.append('Server-Timing', 'page;desc="kept", door');
    res.end(page.html.replaceAll(STAND_IN_NONCE, nonce));
  };
}

/** The ticket the door left on this answer, if any. */
export function keptPageTicketOf(res: Response): KeptPageTicket | undefined {
  const ticket: unknown = res.locals.keptPage;
  return typeof ticket === 'object' && ticket !== null ? (ticket as KeptPageTicket) : undefined;
}

import { data } from 'react-router';
import type { z } from 'zod';

/**
 * Shared pieces of the JSON calls: query-string validation that names the bad field, and the
 * spec's per-path cache lifetimes.
 */
export interface QueryError {
  error: 'invalid query';
  field: string;
  message: string;
}

/** Parses the query string; a bad one throws a 400 JSON answer naming the first bad field. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'query';
  throw data<QueryError>({ error: 'invalid query', field, message: issue?.message ?? 'invalid' }, { status: 400 });
}

/** Spec lifetimes (section 7): stores 30 min, business hours 15 min, homepage settings 10 min, menu 60 min. */
export const cacheLifetimeSeconds = {
  stores: 30 * 60,
  businessHours: 15 * 60,
  homepageSettings: 10 * 60,
  menu: 60 * 60,
} as const;

/** Answers JSON that browsers may keep for the given time (public data, no personal content). */
export function cachedJson(body: unknown, maxAgeSeconds: number, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  return Response.json(body, { ...init, headers });
}

export function notFoundJson(message: string): Response {
  return Response.json({ error: 'not found', message }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * How long answers may be kept, by path: the one table the server's Cache-Control headers
 * (json.server.ts, `cache:`) and the browser's call cache (api-client.ts) both read.
 * customer-site.md §7: /api/stores 30 min, business hours 15 min, homepage settings 10 min,
 * menu 60 min, anything else 5 min in the browser; option dependencies change as rarely as the
 * homepage settings. A path covers its sub-paths (`/api/stores/{id}`).
 */
export const cacheLifetimes = {
  stores: { path: '/api/stores', seconds: 30 * 60 },
  businessHours: { path: '/api/admin/business-hours', seconds: 15 * 60 },
  homepageSettings: { path: '/api/admin/homepage-settings', seconds: 10 * 60 },
  optionDependencies: { path: '/api/admin/menu-options/dependencies', seconds: 10 * 60 },
  menu: { path: '/api/admin/menu', seconds: 60 * 60 },
  // The described API changes only with a deploy.
  apiDocument: { path: '/api/openapi.json', seconds: 10 * 60 },
} as const;

export type CacheLifetime = keyof typeof cacheLifetimes;

/** What the browser keeps any other GET answer for (the server sends those as no-store unless a call says otherwise). */
export const DEFAULT_BROWSER_LIFETIME_SECONDS = 5 * 60;

/** The lifetime of an answer from this path, in seconds. */
export function lifetimeOfPath(path: string): number {
  for (const { path: prefix, seconds } of Object.values(cacheLifetimes)) if (path === prefix || path.startsWith(`${prefix}/`)) return seconds;
  return DEFAULT_BROWSER_LIFETIME_SECONDS;
}

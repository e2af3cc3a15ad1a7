import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/**
 * The route pattern a path is served by (`/api/reservations/:id`), from the React Router build's
 * route table, for the metrics' `route` label: a bounded set of values, never the raw path.
 * Static files are `/assets/*` (or `static`); a path no route matches is `unmatched`.
 */
export function routeLabeller(routes: ServerBuild['routes'] | null): (path: string) => string {
  if (!routes) return (path) => (path.startsWith('/assets/') ? '/assets/*' : 'app');
  const children = new Map<string | undefined, RouteObject[]>();
  const objects = new Map<string, RouteObject>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const route: RouteObject = r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, children: [] };
    objects.set(r.id, route);
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), route]);
  }
  for (const [id, route] of objects) if (!route.index) route.children = children.get(id) ?? [];
  const tree = children.get(undefined) ?? [];
  const cache = new Map<string, string>();
  return (path) => {
    if (path.startsWith('/assets/')) return '/assets/*';
    if (path.startsWith('/__test/')) return '/__test';
    if (['/healthz', '/readyz', '/metrics'].includes(path)) return path;
    const cached = cache.get(path);
    if (cached) return cached;
    const matches = matchRoutes(tree, path);
    const pattern = matches
      ? `/${matches
          .map((m) => m.route.path)
          .filter(Boolean)
          .join('/')}`.replace(/\/+/g, '/')
      : 'unmatched';
    // Ids in paths would grow the cache without bound: keep only a few thousand.
    if (cache.size < 5000) cache.set(path, pattern);
    return pattern;
  };
}

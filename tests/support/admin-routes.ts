import routes from '../../apps/web/app/routes';

interface RouteEntry {
  path?: string | undefined;
  index?: boolean | undefined;
  children?: RouteEntry[] | undefined;
}

/**
 * Every screen under /admin, read from app/routes.ts: a new admin route is walked by the owner's
 * browser tests and shot by `npm run screens` without being named anywhere else.
 */
export const adminRoutes: string[] = ((routes as RouteEntry[]).find((r) => r.path === 'admin')?.children ?? []).map((child) =>
  child.index ? '/admin' : `/admin/${child.path}`,
);

import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

// One flat list: each feature adds its own lines. Paths follow the spec's route and call tables.
export default [
  index('routes/redirect-home.ts', { id: 'root-index' }),

  // Public customer site
  route('moncafe', 'routes/home/route.tsx'),
  route('about', 'routes/about/route.tsx'),
  route('access', 'routes/access/route.tsx'),
  route('menu', 'routes/menu/route.tsx'),

  // JSON calls (resource routes)
  route('api/stores', 'routes/api/stores.ts'),
  route('api/stores/:id', 'routes/api/store.ts'),
  route('api/admin/homepage-settings', 'routes/api/homepage-settings.ts'),
  route('api/admin/menu', 'routes/api/menu.ts'),
  route('api/admin/business-hours', 'routes/api/business-hours.ts'),

  // Server-sent events for live screens
  route('live', 'routes/live.ts'),

  // Unknown calls answer JSON 404; unknown pages go home (spec).
  route('api/*', 'routes/api/not-found.ts'),
  route('*', 'routes/redirect-home.ts', { id: 'unknown-path' }),
] satisfies RouteConfig;

import type { Config } from '@react-router/dev/config';

// Server-rendered framework mode. The v8 flags are on now so moving to React Router 8 (which
// needs Node 22) is a version bump, not a rewrite. With v8_middleware the server must hand the
// router a RouterContextProvider: see app/context.ts.
export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;

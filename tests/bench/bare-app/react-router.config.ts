import type { Config } from '@react-router/dev/config';

// The reference page of `npm run bench`: React Router 7 with the product's settings and nothing else.
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

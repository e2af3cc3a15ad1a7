import type { Config } from '@react-router/dev/config';

// Server-rendered framework mode, React Router 8: middleware, pass-through requests, split route
// modules and Vite's environment API are its defaults (they were the v8_ future flags under 7).
// With middleware the server must hand the router a RouterContextProvider: see app/context.ts.
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;

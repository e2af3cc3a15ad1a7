import type { Config } from '@react-router/dev/config';

// The reference page of `npm run bench`: React Router 8 with the product's settings and nothing else.
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;

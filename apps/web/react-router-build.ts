import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `react-router` command (React Router 8's bin is a CommonJS file). */
export const reactRouterCli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/@react-router/dev/bin.cjs');

/**
 * `react-router build` of the app in `appRoot` (the product's, or the bench's bare page), always
 * React's production build: Vite keeps a NODE_ENV it is given, and a build made by a process
 * running with NODE_ENV=test (a test server) would otherwise ship React's development bundle,
 * about 70 KB gzip more, to every later `npm start` and bench.
 */
export function reactRouterBuild(appRoot: string, stdio: 'inherit' | 'ignore'): void {
  execFileSync(process.execPath, [reactRouterCli, 'build'], { cwd: appRoot, stdio, env: { ...process.env, NODE_ENV: 'production' } });
}

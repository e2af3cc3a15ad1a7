import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

/**
 * Where the web process finds apps/web and its React Router server build, from source (tsx:
 * `npm start`, `npm run dev`, test servers): this folder, with the build imported from
 * build/server/index.js when the process starts.
 *
 * The production bundle (`npm run build`, bundle-processes.ts) replaces this module with one that
 * imports the server build statically: the build and the process then hold one copy of the
 * workspace modules they share (decision 027), and the bundled process never builds
 * (decision 172).
 */
export const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** True only in the production bundle. */
export const bundled = false;

export async function importServerBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(webRoot, 'build/server/index.js')).href)) as ServerBuild;
}

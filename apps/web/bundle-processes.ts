/**
 * The second half of `npm run build` (after `react-router build`): the web process (server.ts)
 * and the worker's commands compiled to plain JavaScript, so production runs them with `node`
 * alone — no tsx, no TypeScript, no build step (decision 172).
 *
 *   apps/web/build/process/server.js     server.ts with the React Router server build inside
 *   apps/worker/build/*.js               main (npm run worker) and every maintenance command: migrate, rebuild,
 *                                        reset-admin-password, reseal-secrets, seal-events, events-file
 *
 * Our workspace packages (@moncafe/*, #app/*) are bundled in; every other package stays an
 * import that Node resolves from node_modules, so `npm ci --omit=dev` installs what they need.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '../..');
const workerRoot = path.join(repoRoot, 'apps/worker');

/** Where each process's bundle goes: inside the build folders, which git, lint and prettier ignore. */
export const processBundles = {
  web: path.join(webRoot, 'build/process'),
  worker: path.join(workerRoot, 'build'),
};

/** Packages from the registry stay imports; ours (and node: built-ins, which esbuild knows) are bundled. */
const registryPackagesStayImports: Plugin = {
  name: 'moncafe:registry-packages-stay-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('@moncafe/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * server-build.ts, as the bundle has it: the server build imported statically (so esbuild bundles
 * it and resolves its @moncafe/* and #app/context imports to the same modules as server.ts), and
 * apps/web as the folder two levels above the bundle (build/process/server.js).
 */
const serverBuildInside: Plugin = {
  name: 'moncafe:server-build-inside',
  setup(b) {
    b.onResolve({ filter: /^\.\/server-build$/ }, (args) =>
      args.importer === path.join(webRoot, 'server.ts') ? { path: 'server-build', namespace: 'moncafe' } : undefined,
    );
    b.onLoad({ filter: /^server-build$/, namespace: 'moncafe' }, () => ({
      resolveDir: webRoot,
      loader: 'js',
      contents: [
        "import path from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        "import * as serverBuild from './build/server/index.js';",
        "export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');",
        'export const bundled = true;',
        'export async function importServerBuild() { return serverBuild; }',
      ].join('\n'),
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS (none of ours today) would need `require`; an ES module has none.
  banner: { js: "import { createRequire as __moncafeRequire } from 'node:module'; const require = __moncafeRequire(import.meta.url);" },
} as const;

export async function bundleProcesses(): Promise<void> {
  for (const dir of Object.values(processBundles)) rmSync(dir, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: [path.join(webRoot, 'server.ts')],
    outdir: processBundles.web,
    plugins: [serverBuildInside, registryPackagesStayImports],
  });
  await build({
    ...common,
    entryPoints: ['main', 'migrate', 'rebuild', 'reset-admin-password', 'reseal-secrets', 'seal-events', 'events-file'].map((name) =>
      path.join(workerRoot, 'src', `${name}.ts`),
    ),
    outdir: processBundles.worker,
    splitting: true,
    plugins: [registryPackagesStayImports],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleProcesses();
  console.log(
    `bundled the web process into ${path.relative(repoRoot, processBundles.web)} and the worker into ${path.relative(repoRoot, processBundles.worker)}`,
  );
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const contextModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app/context.ts');

/**
 * The server build loads what the process shares from Node, not from its own bundle: the
 * workspace packages (`@moncafe/domain`, `projections`, `infra`) and `app/context.ts` (the router
 * context keys and the per-process web wiring). `server.ts` imports the same files, so each is
 * loaded once per process (by tsx, from source): one `DomainError` class for `instanceof`, one
 * context key for `context.get`. The browser build still bundles the domain's pure modules. The
 * dev server (`npm run dev`) externalizes nothing: there server.ts takes the shared modules from
 * Vite's module graph instead.
 * See docs/decisions/027-server-build-externals.md.
 */
function sharedWithTheServerProcess(): Plugin {
  let serving = false;
  return {
    name: 'moncafe:shared-with-the-server-process',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    async resolveId(source, importer, options) {
      // The dev server loads everything through its own module graph, server.ts included (sharedModulesFrom).
      if (serving) return null;
      const workspacePackage = source.startsWith('@moncafe/');
      if (!workspacePackage && source !== '#app/context' && !source.endsWith('/context')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!workspacePackage && resolved?.id !== contextModule) return null;
      return { id: workspacePackage ? source : '#app/context', external: true };
    },
  };
}

export default defineConfig({
  plugins: [sharedWithTheServerProcess(), reactRouter()],
});

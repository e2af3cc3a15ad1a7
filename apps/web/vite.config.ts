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
 * context key for `context.get`. The browser build still bundles the domain's pure modules.
 * See docs/decisions/027-server-build-externals.md.
 */
function sharedWithTheServerProcess(): Plugin {
  return {
    name: 'moncafe:shared-with-the-server-process',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async resolveId(source, importer, options) {
      if (source.startsWith('@moncafe/')) return { id: source, external: true };
      if (source === '#app/context' || source.endsWith('/context') || source === './context') {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (resolved?.id === contextModule) return { id: '#app/context', external: true };
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [sharedWithTheServerProcess(), reactRouter()],
});

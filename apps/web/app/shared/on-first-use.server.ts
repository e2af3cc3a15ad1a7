import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A package the server loads the first time a feature asks for it, then keeps for the process
 * (decision 439): a sales chart's or a receipt PDF's libraries are not held by every web process
 * from its start. `load` runs once, on the first call.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: { value: T } | null = null;
  return () => (loaded ??= { value: load() }).value;
}

/**
 * An npm package by `require` (Node 24 also requires ES modules), not by a dynamic import: under
 * tsx (`npm start`, the bench) a JavaScript file with a dynamic import in it is rewritten and
 * source-mapped word by word, which for the 1.3 MB server build took about 100 MiB of passing heap
 * at every start, resident long after (decision 440). Keep dynamic imports out of code the server
 * build bundles.
 */
export function requirePackage<T>(specifier: string): T {
  return requireHere(specifier) as T;
}

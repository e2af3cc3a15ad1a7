import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The production path, in one place: the steps the production-start test runs in a fresh copy
 * (tests/http/production-start.int.test.ts) and the Dockerfile must run too
 * (tests/architecture/dockerfile.unit.test.ts). Decisions 172 and 173.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const productionSteps = {
  /** The build stage: every package, then everything a production process needs. */
  build: ['npm ci', 'npm run build'],
  /** The runtime stage: the production packages only. */
  install: 'npm ci --omit=dev',
} as const;

/** The npm workspaces: their package.json files are what `npm ci` needs besides the root's. */
export function workspaces(): string[] {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
}

/**
 * What the runtime takes from the build: the manifests `npm ci --omit=dev` installs from, then
 * the built web app and processes. No sources: nothing at run time may need one.
 */
export function runtimeFiles(): { manifests: string[]; built: string[] } {
  return {
    manifests: ['package.json', 'package-lock.json', ...workspaces().map((workspace) => `${workspace}/package.json`)],
    built: ['apps/web/build', 'apps/worker/build'],
  };
}

/**
 * What a production process is started with: the package.json script, which must be plain
 * `node FILE` (`exec node FILE`: the shell npm runs it in hands the process SIGTERM itself).
 */
export function productionCommand(script: 'start:prod' | 'worker:prod' | 'migrate:prod'): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts[script] ?? '').split(/\s+/).filter(Boolean);
  if (words[0] === 'exec') words.shift();
  if (words[0] !== 'node' || words.length !== 2) throw new Error(`package.json's ${script} must be "[exec] node FILE", not ${JSON.stringify(scripts[script])}`);
  return words;
}

/**
 * The Node 24 binary the `node` devDependency installed (decision 170). Outside npm scripts
 * there is no Node 24 on PATH; a test starts production processes with this one, plainly.
 */
export function node24(): string {
  const binary = path.join(path.dirname(createRequire(path.join(repoRoot, 'package.json')).resolve('node/package.json')), 'bin/node');
  return binary;
}

/**
 * Packages only a build or a test needs: none of them may be installed by `npm ci --omit=dev`.
 * (TypeScript is: @react-router/node and express name it as an optional peer, and npm keeps a
 * development package that a production one names so. Unused at run time; decision 172.)
 */
export const devOnlyPackages = [
  'tsx',
  'vite',
  '@react-router/dev',
  'esbuild',
  'vitest',
  'testcontainers',
  'oidc-provider',
  'autocannon',
  'playwright-core',
  'smtp-server',
  'node',
] as const;

/**
 * The receipt font the image installs: the Dockerfile's `ENV RECEIPT_FONT=…`, which the
 * production-start test gives its built server so the PDF is made with the image's font.
 */
export function dockerfileReceiptFont(): string {
  const font = /^ENV RECEIPT_FONT=(\S+)$/m.exec(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'))?.[1];
  if (!font) throw new Error('the Dockerfile sets no RECEIPT_FONT');
  return font;
}

/** The built maintenance commands (`npm run <script>:prod`), each answering `--help` without a database. */
export const builtCommands = ['migrate', 'rebuild', 'reset-admin-password', 'reseal-secrets', 'seal-events', 'events-file'] as const;

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository's own import graph, type-only imports included: lint's `import-x/no-cycle` leaves
 * those out (a type import costs nothing at run time), yet a circle closed by one still means two
 * modules that cannot be read, moved or tested apart (decision 586). Read as text: an import or
 * export statement's specifier, resolved the way the workspaces' package.json files map them.
 */

const WORKSPACES: Record<string, string> = {
  '@moncafe/domain/': 'domain/src/',
  '@moncafe/projections/': 'projections/src/',
  '@moncafe/infra/': 'infra/src/',
  '@moncafe/demo/': 'demo/src/',
  '@moncafe/tests/support/': 'tests/support/',
  '#app/': 'apps/web/app/',
};

const ROOTS = ['domain', 'projections', 'infra', 'demo', 'apps/web/app', 'apps/web/operations', 'apps/worker/src', 'tests'];
const SKIP = new Set(['node_modules', 'build', '.react-router', 'fixtures', 'test-results', '.data']);

/** Every TypeScript source below the roots, as paths relative to `root`. */
export function sourceFiles(root: string, roots: readonly string[] = ROOTS): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (SKIP.has(name)) continue;
      const rel = path.posix.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(rel);
    }
  };
  for (const dir of roots) if (existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]/g;

/** The specifiers a module imports or re-exports, static ones only. */
export function specifiersOf(code: string): string[] {
  return [...code.matchAll(SPECIFIER)].map((m) => m[1]!);
}

function resolveFile(root: string, base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/** The repository file a specifier names from `from`, or null for a package outside the repository. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(root, path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, ''));
  for (const [prefix, folder] of Object.entries(WORKSPACES))
    if (specifier.startsWith(prefix)) return resolveFile(root, folder + specifier.slice(prefix.length));
  return null;
}

/** Module → the repository modules it imports. */
export function importGraph(root: string, files: readonly string[], read: (file: string) => string = (f) => readFileSync(path.join(root, f), 'utf8')) {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(read(file))) {
      const target = resolveSpecifier(root, file, specifier);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph's circles: each strongly connected set of two or more modules (Tarjan), sorted. */
export function circlesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1) circles.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * ARCHITECTURE.md's import table, as lint: what each workspace must not import. A package may
 * use what its row in the table allows; anything listed here fails `npm run lint` (and so
 * `npm test`). tests/architecture/import-table.unit.test.ts lints a file with an infra import
 * inside domain and sees it refused.
 */
const infra = ['@moncafe/infra', '@moncafe/infra/*', '**/infra/src/**'];
const projections = ['@moncafe/projections', '@moncafe/projections/*', '**/projections/src/**'];
const demo = ['@moncafe/demo', '@moncafe/demo/*', '**/demo/src/**'];
// A leading '#' starts a comment in these (gitignore-style) patterns, hence the escape.
const apps = ['\\#app/*', '@moncafe/web', '@moncafe/web/*', '@moncafe/worker', '@moncafe/worker/*', '**/apps/**'];
const drivers = ['pg', 'kysely', '@electric-sql/*', '@nats-io/*', '@kurrent/*', 'nodemailer', 'pino', '@node-rs/*'];
const ui = ['react', 'react-dom', 'react-router', '@react-router/*'];

/** Per workspace: the folders it covers and the imports it may not make, with the reason. */
export const importTable = [
  {
    files: ['domain/**/*.ts'],
    forbidden: [...infra, ...projections, ...demo, ...apps, ...drivers, ...ui],
    message: 'domain is pure: it imports zod and the date/holiday libraries only (ARCHITECTURE.md, import table); reach the world through domain/src/ports.ts',
  },
  {
    files: ['projections/**/*.ts'],
    forbidden: [...infra, ...demo, ...apps, '@nats-io/*', '@kurrent/*', 'nodemailer', ...ui],
    message: 'projections import the domain (event types) and kysely only (ARCHITECTURE.md, import table)',
  },
  {
    files: ['demo/**/*.ts'],
    forbidden: [...infra, ...projections, ...apps, ...drivers, ...ui],
    message: 'the demo cafe is loaded through the application services: it imports the domain only (ARCHITECTURE.md, import table); infra/src/seed.ts calls it',
  },
  {
    files: ['infra/**/*.ts'],
    forbidden: [...apps, ...ui],
    message: 'infra imports domain, projections and drivers, never an app (ARCHITECTURE.md, import table)',
  },
  {
    files: ['apps/worker/**/*.ts'],
    forbidden: ['\\#app/*', '@moncafe/web', '@moncafe/web/*', '**/apps/web/**', ...demo, ...ui],
    message: 'the worker runs infra and projections; the web app is not part of it, nor the demo (a worker never seeds) (ARCHITECTURE.md, import table)',
  },
];

/** Deciders and services replay events: outside tests and test support they never reach for Node's own modules (time, randomness, I/O). */
const domainPurity = { group: ['node:*'], message: 'domain is pure: no Node modules outside tests and domain/src/testing (pass a port)' };

const importRules = importTable.flatMap(({ files, forbidden, message }) => {
  const table = { group: forbidden, message };
  const isDomain = files[0]?.startsWith('domain/');
  const isProjections = files[0]?.startsWith('projections/');
  const isDemo = files[0]?.startsWith('demo/');
  return [
    { files, rules: { 'no-restricted-imports': ['error', { patterns: isDomain ? [table, domainPurity] : [table] }] } },
    // Test support and tests of the domain may use Node (crypto for real ids and digests), never another workspace.
    ...(isDomain
      ? [{ files: ['domain/**/*.test.ts', 'domain/src/testing/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [table] }] } }]
      : []),
    // Projector tests run on a real (embedded) database, which infra opens: their tests and test support may.
    ...(isProjections ? [{ files: ['projections/**/*.test.ts', 'projections/src/testing/**/*.ts'], rules: { 'no-restricted-imports': 'off' } }] : []),
    // The demo's tests read what it loaded through the read models.
    ...(isDemo
      ? [
          {
            files: ['demo/**/*.test.ts'],
            rules: { 'no-restricted-imports': ['error', { patterns: [{ ...table, group: forbidden.filter((p) => !projections.includes(p)) }] }] },
          },
        ]
      : []),
  ];
});

/** The web app imports its own modules as `#app/…` (package.json "imports"), never by climbing folders. */
const appImports = { group: ['../*'], message: 'Import app modules as #app/… (apps/web/README.md).' };

const routeStorageMessage =
  'A route reads one named query (projections/src/queries.ts) and writes through one application service: never the database or the event store (apps/web/README.md).';
/** What a route module may not reach for: the database and the event store, by name or by import. */
export const routeStorage = {
  syntax: [
    { selector: 'MemberExpression[property.name=/^(db|eventStore)$/]', message: routeStorageMessage },
    { selector: 'ObjectPattern > Property[key.name=/^(db|eventStore)$/]', message: routeStorageMessage },
  ],
  imports: {
    group: ['kysely', 'pg', '@electric-sql/*', '@moncafe/infra/db/*', '@moncafe/infra/eventstore/*', '@moncafe/projections/database'],
    message: routeStorageMessage,
  },
};

/** The plugin's recommended-latest set with every rule raised to an error (decision 655). */
const reactHooksErrors = Object.fromEntries(Object.keys(reactHooks.configs['recommended-latest'].rules ?? {}).map((rule) => [rule, 'error']));

/** The compiler's checks off again, for files whose findings are still to be fixed (the two rules of hooks stay on). */
const reactHooksPending = Object.fromEntries(
  Object.keys(reactHooksErrors)
    .filter((rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps')
    .map((rule) => [rule, 'off']),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', '.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Use the Clock port.' }],
    },
  },
  ...importRules,
  {
    // No circles between modules, in every workspace (decision 586): a module that imports one
    // that imports it back cannot be read, moved or tested apart. The rule skips type-only
    // imports; tests/architecture/import-cycles.unit.test.ts walks the graph with them.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these it reads only .js files, and so never follows an import into a .ts one.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'default'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The rules of hooks, the React Compiler's checks (the plugin's recommended-latest set:
    // set-state-in-effect, refs, purity and the rest) and the accessibility checks of JSX, on every
    // screen (decisions 222 and 655). All as errors: a warning would pass --max-warnings 0 only
    // until the first one, and the set's warn-level checks name code the compiler skips.
    files: ['apps/web/app/**/*.ts', 'apps/web/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooksErrors,
  },
  {
    // pending: still load or reset in effects; each moves to the shared load hook, the route's
    // loader or a keyed state as decision 655 says, and leaves this list when it does.
    files: [
      'apps/web/app/admin-area/admin-day.tsx',
      'apps/web/app/areas/store-choice.ts',
      'apps/web/app/floor/seat-bill.tsx',
      'apps/web/app/reservation/round-cropper.tsx',
      'apps/web/app/routes/admin/cost-management/route.tsx',
      'apps/web/app/routes/admin/recipe-manager/route.tsx',
      'apps/web/app/routes/admin/users/store-staff.tsx',
      'apps/web/app/routes/admin/order/route.tsx',
      'apps/web/app/routes/admin/shifts/route.tsx',
      'apps/web/app/routes/customer-information/route.tsx',
      'apps/web/app/routes/monitor/order/route.tsx',
      'apps/web/app/routes/monitor/reservation/detail-modal.tsx',
      'apps/web/app/routes/monitor/reservation/grid.tsx',
      'apps/web/app/routes/monitor/reservation/route.tsx',
      'apps/web/app/routes/order/food/route.tsx',
      'apps/web/app/routes/order/join/route.tsx',
      'apps/web/app/routes/staff/order/route.tsx',
      'apps/web/app/routes/staff/shift-submit/route.tsx',
      'apps/web/app/site-settings/use-saves.ts',
      'apps/web/app/staff-area/checklist.tsx',
      'apps/web/app/staff-area/shift-month.tsx',
      'apps/web/app/table-order/checkout-view.tsx',
      'apps/web/app/table-order/kitchen-board.tsx',
      'apps/web/app/table-order/order-outbox.ts',
      'apps/web/app/table-order/stock-editor.tsx',
      'apps/web/app/table-order/use-visit.ts',
    ],
    rules: reactHooksPending,
  },
  { files: ['apps/web/app/**/*.tsx'], ...jsxA11y.configs.recommended },
  {
    // A box that scrolls on its own is reached by keyboard as a named region (axe's
    // scrollable-region-focusable); the recommended set allows only tabpanel.
    files: ['apps/web/app/**/*.tsx'],
    rules: { 'jsx-a11y-x/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }] },
  },
  {
    // The web app imports its own modules as `#app/…` (package.json "imports"), never by climbing folders.
    files: ['apps/web/app/**/*.ts', 'apps/web/app/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appImports] }] },
  },
  {
    files: ['infra/**/*.ts', 'apps/**/*.ts', 'apps/**/*.tsx', 'tests/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A route module gets application services and named queries, never the database or the event
    // store (decision 221). tests/architecture/route-reads.unit.test.ts lints a route that tries.
    files: ['apps/web/app/routes/**/*.ts', 'apps/web/app/routes/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...routeStorage.syntax],
      'no-restricted-imports': ['error', { patterns: [appImports, routeStorage.imports] }],
    },
  },
);

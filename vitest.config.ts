import { defineConfig } from 'vitest/config';
import { tierFiles } from './tests/support/tiers.ts';

// Test tiers are named in the file: *.unit.test.ts (pure), *.int.test.ts (real PostgreSQL/NATS,
// or PGlite), *.e2e.test.ts (browser). `npm test` runs all three.

// Which files each project runs is in tests/support/tiers.ts, which also counts them for
// tests/README.md; `npm test` runs the projects one after another (tests/support/run-tiers.ts).

// The fault, cluster, several-process, abuse and dinner-rush suites (decisions 381 and 412) start
// and kill their own PostgreSQL, NATS and web processes: `npm test` runs their short forms (about
// four minutes together), last and one at a time; `npm run test:soak` (SOAK=1) the long forms.
export default defineConfig({
  test: {
    // Two files at a time (vitest's default on a 2-core machine is one): an int file waits on its
    // server, PostgreSQL and NATS most of its time, and each has its own database and ports.
    // Browser files and `intAlone` still run one after another (decision 310).
    maxWorkers: 2,
    server: {
      deps: {
        // The server build and React Router load natively, as in production: one copy of
        // react-router, so the router's `instanceof RouterContextProvider` check holds.
        external: [/apps\/web\/build\//, /node_modules\/react-router\//, /node_modules\/@react-router\//],
      },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...tierFiles.unit,
        },
      },
      {
        extends: true,
        // The walks over the whole tree, out of `npm run test:fast` (decision 660).
        test: {
          name: 'architecture',
          ...tierFiles.architecture,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          ...tierFiles.int,
          testTimeout: 60_000,
          // A suite's server may take as long as web-server.ts allows it to start (120 s) when
          // another file runs beside it on a loaded machine.
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int-alone',
          sequence: { groupOrder: 2 },
          ...tierFiles['int-alone'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          sequence: { groupOrder: 3 },
          ...tierFiles.faults,
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // After the unit and int files, never beside one: a browser's timing is its own.
          sequence: { groupOrder: 1 },
          ...tierFiles.e2e,
          // A browser on two shared cores may take more than vitest's default second to see a
          // live update; a poll still fails when the page never shows it.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

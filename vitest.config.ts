import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (a mirror of src/ under tests/) run on the sources; integration suites
// (tests/integration/) drive createServer() over the production build, real processes or database
// engines (tests/global-setup.ts builds dist/ when it is missing or stale). See tests/README.md.
export default defineConfig({
  test: {
    // As many workers as the machine has cores. On this 2-core machine (2026-11-29, the whole run,
    // 2,048 tests, another helper's tests running beside it): 2 workers 208 s, 3 workers 217 s, both
    // green. One more than the cores used to pay off while suites waited on delivery timers and
    // sleeps; now that they wait on nothing but their own work (issue 35), a third worker only
    // competes for the two cores. Vitest's default (one fewer) would leave a core idle.
    maxWorkers: availableParallelism(),
    // A timeout catches a test that hangs; it is no speed assertion. Vitest's default 5 s failed two
    // CPU-bound unit tests (1,001 writes through the analytics store, 0.5 s on a quiet machine) while
    // another run loaded the machine to a load average of 12: 30 s for every project.
    testTimeout: 30_000,
    // Test files share their worker's module cache instead of each importing the app again in a
    // fresh process: on this 2-core machine, quiet, unit 14.6 s -> 6.8 s and integration 158 s ->
    // 121 s (62 s of CPU was re-importing the server), the same 2,093 tests green (decision 060).
    // Sound because nothing in src/ keeps module-level mutable state (style rule; every server,
    // cache, registry and pool belongs to an app a suite creates and closes); a test that fakes
    // the clock restores it in the same test, and what Vitest can undo between files it does.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          // tests/load/: `npm run test:load` (vitest.load.config.ts), not `npm test`.
          exclude: ['tests/integration/**', 'tests/e2e/**', 'tests/load/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          // Suites that start server processes (each compiles the server through tsx) and audit
          // fixture sites: 7 s alone on a quiet machine, past 30 s beside another npm test at a load
          // average of 20. Two minutes still stops a hang.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

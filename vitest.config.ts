import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (a mirror of src/ under tests/) run on the sources; integration suites
// (tests/integration/) drive createServer() over the production build, real processes or database
// engines (tests/global-setup.ts builds dist/ when it is missing or stale). See tests/README.md.
export default defineConfig({
  test: {
    // One worker more than the machine has cores (Vitest's default is one fewer): the integration
    // suites spend most of their time waiting on child processes, sockets and delivery timers, not
    // computing. On CI's two cores the run takes about 200-260 s instead of 430 s. (Running more at
    // once showed a start-up race in the newsletter key file, now fixed and tested, and an audit
    // test whose 2 s limit was too tight for a loaded machine.)
    maxWorkers: availableParallelism() + 1,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

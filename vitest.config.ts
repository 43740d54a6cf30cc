import { defineConfig } from 'vitest/config';

// Unit tests (a mirror of src/ under tests/) run on the sources; integration suites
// (tests/integration/) drive createServer() over the production build, real processes or database
// engines (tests/global-setup.ts builds dist/ when it is missing or stale). See tests/README.md.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/integration/**', 'tests/e2e/**'],
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

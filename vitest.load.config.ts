import { defineConfig } from 'vitest/config';

// `npm run test:load`: floods and soaks that prove a bound at full strength (thousands of requests,
// the heap measured), run by `npm run bench` rather than by `npm test` on every CI run: their cost is
// volume, and `npm test` runs the same behaviours at a few hundred requests (tests/README.md lists
// what moved and why). One file at a time, so that one flood's heap figures are not another's.
export default defineConfig({
  test: {
    name: 'load',
    include: ['tests/load/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/load/build-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});

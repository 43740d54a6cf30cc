import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { STARTED_BASE_URL } from './tests/e2e/servers.ts';

// End-to-end tests against the production build, in Debian's Chromium (no browser download). The
// build, the audit's fixture sites and the mail sink are started on free ports by
// tests/e2e/global-setup.ts, which hands their addresses to the workers (tests/e2e/servers.ts): two
// runs on one machine never collide.
// E2E_BASE_URL runs the specs against a server you started yourself (e.g. `npm run dev` on another
// port); nothing is started then, and the specs that need the fixture sites or the mail sink fail
// saying so.
const external = process.env.E2E_BASE_URL;
export const HUMAN_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries anywhere: a test that passes on its second try is a flake to fix, not a pass.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    // Undefined in the runner before the set-up, which is where nothing needs it.
    baseURL: external ?? STARTED_BASE_URL,
    launchOptions,
    trace: 'off',
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, userAgent: HUMAN_UA },
    },
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        userAgent: MOBILE_UA,
        isMobile: true,
        hasTouch: true,
      },
      // Form logic, blog search and page content do not depend on the viewport: desktop covers them,
      // which keeps CI well under its time limit. Layout, the mobile menu, dialogs, tools, guide and
      // services tables, offline pages and axe (dark scheme) run here too.
      testIgnore: ['**/forms-flows.spec.ts', '**/blog.spec.ts', '**/pages-content.spec.ts'],
    },
  ],
});

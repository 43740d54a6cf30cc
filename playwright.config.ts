import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { fixtureOrigins } from './tests/fixtures/audit-sites.ts';

// End-to-end tests against the production build, in Debian's Chromium (no browser download).
const PORT = 3210;
/** The audit's fixture sites listen on consecutive ports from here. */
export const FIXTURE_PORT = 3220;
export const FIXTURE_ORIGINS = fixtureOrigins(FIXTURE_PORT);
/** The mail sink (tests/fixtures/mail-sink.ts): the site's SMTP server, and where tests read the mail. */
export const MAIL_SINK = { smtpPort: 3250, httpPort: 3251 };
// E2E_BASE_URL runs the specs against a server you started yourself (e.g. `npm run dev` on another port).
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
  use: {
    baseURL: external ?? `http://127.0.0.1:${PORT}`,
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
  webServer: external
    ? undefined
    : [
        {
          // Websites with known properties for the audit (tests/fixtures/audit-sites.ts), on loopback.
          command: `node --import tsx tests/fixtures/audit-sites.ts ${FIXTURE_PORT}`,
          url: `${FIXTURE_ORIGINS.good}/robots.txt`,
          reuseExistingServer: false,
          timeout: 30_000,
        },
        {
          command: `node --import tsx tests/fixtures/mail-sink.ts ${MAIL_SINK.smtpPort} ${MAIL_SINK.httpPort}`,
          url: `http://127.0.0.1:${MAIL_SINK.httpPort}/messages`,
          reuseExistingServer: false,
          timeout: 30_000,
        },
        {
          command: `node scripts/ensure-build.mjs && node dist/server/server.js`,
          url: `http://127.0.0.1:${PORT}/healthz`,
          reuseExistingServer: false,
          timeout: 60_000,
          // Every spec posts forms and runs audits from the same address: the per-address limits
          // (tested on their own in tests/integration) are raised so the suite never trips them.
          env: {
            PORT: String(PORT),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
            DATA_DIR: '.tmp/e2e-data',
            SITE_URL: `http://127.0.0.1:${PORT}`,
            FORM_RATE_LIMIT_PER_MINUTE: '1000',
            AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
            MAILBOX_EMAILS_PER_HOUR: '1000',
            MAILBOX_EMAILS_PER_DAY: '1000',
            SENDER_EMAILS_PER_HOUR: '1000',
            SENDER_EMAILS_PER_DAY: '1000',
            // The specs run two at a time, each its own audits: two slots for the one address.
            AUDIT_MAX_PER_ADDRESS: '2',
            // Every spec's audit comes from this one address: no daily cap on its saved reports.
            AUDIT_REPORTS_PER_DAY: '10000',
            // Every email the site sends goes to the mail sink.
            SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK.smtpPort}`,
            MAIL_FROM: 'GEO Platform <hello@geo.example>',
            LEADS_NOTIFY_TO: 'team@geo.example',
            AUDIT_ALLOWED_HOSTS: Object.values(FIXTURE_ORIGINS)
              .map((origin) => origin.replace('http://', ''))
              .join(','),
          },
        },
      ],
});

import type { SiteName } from '../fixtures/audit-sites.ts';

// Where the end-to-end run's servers listen. tests/e2e/global-setup.ts starts them on ports the
// system chooses and writes their addresses to the E2E_SERVERS environment variable before Playwright
// starts its workers, which inherit it: a spec reads them here, in the worker, when it runs.

/** The environment variable that carries them from the global set-up to the workers. */
export const E2E_SERVERS = 'E2E_SERVERS';

export interface E2EServers {
  /** The production build's origin (the specs' baseURL). */
  baseURL: string;
  /** The audit's fixture sites (tests/fixtures/audit-sites.ts), one origin each. */
  fixtureOrigins: Record<SiteName, string>;
  /** The mail sink (tests/fixtures/mail-sink.ts): the site's SMTP server, and where tests read the mail. */
  mailSink: { smtpPort: number; httpPort: number };
}

const started = process.env[E2E_SERVERS] ? (JSON.parse(process.env[E2E_SERVERS]) as E2EServers) : undefined;

/**
 * A stand-in for what the set-up did not start: while Playwright only lists the tests (before the
 * set-up), or against a server of your own (E2E_BASE_URL), reading it says why it is missing.
 */
function notStarted<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get() {
      throw new Error(
        process.env.E2E_BASE_URL
          ? `${what} run only beside the suite's own server: unset E2E_BASE_URL to use them`
          : `${what} are not started yet: read them in a test, not when the spec file loads`,
      );
    },
  });
}

/** The origin of the production build the set-up started, if it did. */
export const STARTED_BASE_URL = started?.baseURL;
export const FIXTURE_ORIGINS =
  started?.fixtureOrigins ?? notStarted<Record<SiteName, string>>('The audit fixture sites');
export const MAIL_SINK =
  started?.mailSink ?? notStarted<E2EServers['mailSink']>('The mail sink and its ports');

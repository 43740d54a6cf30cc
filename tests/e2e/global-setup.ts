import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { startFixtureSites } from '../fixtures/audit-sites.ts';
import { startMailSink } from '../fixtures/mail-sink.ts';
import { portOf, runServer, type ServerProcess } from '../support/server-process.ts';
import { E2E_SERVERS, type E2EServers } from './servers.ts';

// The end-to-end run's servers, every one on a port the system chose (port 0), so that two runs on
// one machine (two clones, or a run beside another helper's) never collide: the audit's fixture
// sites and the mail sink in this process, the production build in a child process told their
// addresses. What they got reaches the specs through E2E_SERVERS (tests/e2e/servers.ts): Playwright
// starts its workers after this set-up, with this process's environment, and each worker loads
// playwright.config.ts again. With E2E_BASE_URL (a server you started yourself) nothing starts here.

/** How long the built server may take to say it listens before the run gives up (a hung start). */
const START_LIMIT_MS = 60_000;

/** The server's output when something went wrong: both streams, the end if long. */
function outputOf(server: ServerProcess): string {
  const tail = (text: string) => (text.length > 20_000 ? `…${text.slice(-20_000)}` : text);
  return `stdout:\n${tail(server.out())}\nstderr:\n${tail(server.err())}`;
}

/** Resolves with the port the server says it listens on; rejects, with its output, if it never does. */
async function listeningPort(server: ServerProcess): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`did not say it listens within ${START_LIMIT_MS / 1000} s`)),
      START_LIMIT_MS,
    );
  });
  try {
    return await Promise.race([portOf(server), hung]);
  } catch (error) {
    throw new Error(
      `The site's server (dist/server/server.js) did not start: ${(error as Error).message.split('\n')[0]}, exit code ${server.child.exitCode ?? server.child.signalCode ?? 'none yet'}\n${outputOf(server)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  ensureBuild();
  const sites = await startFixtureSites();
  const sink = await startMailSink(0, 0);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-e2e-'));
  const closePeers = async () => {
    await Promise.all([sites.close(), sink.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Every spec posts forms and runs audits from the same address: the per-address limits (tested on
  // their own in tests/integration) are raised so the suite never trips them.
  const server = runServer({
    PORT: '0',
    HOST: '127.0.0.1',
    // `info`: the start-up line says the port it got. Kept in memory, shown if the server fails.
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    // The port is not known before the server listens: the links it writes (emails, canonical
    // links, permalinks) name no port, and the specs follow them by their path.
    SITE_URL: 'http://127.0.0.1',
    SHUTDOWN_GRACE_MS: '0',
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
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    MAIL_FROM: 'GEO Platform <hello@geo.example>',
    LEADS_NOTIFY_TO: 'team@geo.example',
    AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
  });
  // A runner that exits without its teardown (a second Ctrl-C, a crash) still takes the server along.
  const killOnExit = () => server.child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let baseURL: string;
  try {
    baseURL = `http://127.0.0.1:${await listeningPort(server)}`;
    const health = await fetch(`${baseURL}/healthz`);
    if (!health.ok)
      throw new Error(`The site's server answers /healthz with ${health.status}\n${outputOf(server)}`);
  } catch (error) {
    server.child.kill('SIGKILL');
    await server.exited;
    process.off('exit', killOnExit);
    await closePeers();
    throw error;
  }

  const servers: E2EServers = {
    baseURL,
    fixtureOrigins: sites.origin,
    mailSink: { smtpPort: sink.smtpPort, httpPort: sink.httpPort },
  };
  process.env[E2E_SERVERS] = JSON.stringify(servers);

  return async () => {
    // Already gone before the end (a crash during the run): the failing specs say so, its output why.
    const crashed = server.child.exitCode !== null || server.child.signalCode !== null;
    server.child.kill('SIGTERM');
    const code = await server.exited;
    process.off('exit', killOnExit);
    await closePeers();
    if (crashed || code !== 0) {
      throw new Error(
        `The site's server ${crashed ? 'exited during the run' : 'did not stop cleanly on SIGTERM'} (exit code ${code})\n${outputOf(server)}`,
      );
    }
  };
}

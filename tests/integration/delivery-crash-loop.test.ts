import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { expireLeases, outboxIn } from '../support/delivery-harness.ts';
import {
  closePeers,
  onClose,
  startServerProcess,
  waitFor,
  type ServerProcessHandle,
} from '../support/delivery-peers.ts';

// Issue 26: a delivery that kills its worker (there, the waitlist email's audit of a hostile site)
// was leased again each time the lease ran out after a restart, with `attempts` still 0, so the
// server went down every 2 minutes for ever. Here the production build is killed (SIGKILL) in the
// middle of sending a visitor email to an SMTP server that accepts the connection and never answers,
// and restarted at once, as a supervisor would: the third expired lease fails
// the delivery, which the operators' outbox listing shows, and nothing is sent again.
//
// Each lease is the production one (2 minutes); it ends in the data file once its process is dead,
// as the passing of its time would (expireLeases), so the next process takes the delivery over at
// once: the test waits on what the processes do (a connection, the outbox), never on a clock.

afterEach(closePeers);

/** An SMTP server that accepts connections and never says a word (not even its greeting). */
async function startSilentSmtp() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onClose(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

const run = promisify(execFile);
const leadsCli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_ANON_KEY: '' },
  });

const outbox = outboxIn;

describe('a delivery that keeps killing its worker', () => {
  it(
    'ends failed after three expired leases, listed by npm run leads -- outbox --failed, and is not sent again',
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-crash-loop-'));
      onClose(() => rmSync(dataDir, { recursive: true, force: true }));
      const smtp = await startSilentSmtp();
      const start = () =>
        startServerProcess({
          DATA_DIR: dataDir,
          // Visitor emails on (no team address): the newsletter's opt-in is the one delivery.
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'hello@geo.example',
        });
      const kill = (server: ServerProcessHandle) => server.kill();

      let server = await start();
      const res = await fetch(`${server.base}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.org', lang: 'en' }),
      });
      expect(res.status).toBe(200);

      // Three times: the worker leases the email and connects; the process dies mid-attempt, its
      // lease runs out, and a new one starts, which takes the delivery over.
      for (let attempt = 1; attempt <= 3; attempt++) {
        await waitFor(() => smtp.connections() >= attempt, `connection ${attempt}`);
        await kill(server);
        const [delivery] = await outbox(dataDir);
        expect(delivery).toMatchObject({
          status: 'pending',
          attempts: attempt - 1,
          leasedBy: expect.any(String),
        });
        expect(delivery!.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
        await expireLeases(dataDir);
        server = await start();
      }

      // The last process finds the lease expired a third time: failed, not sent.
      const failed = await waitFor(
        async () => (await outbox(dataDir)).find((d) => d.status === 'failed'),
        'the failed delivery',
      );
      expect(failed).toMatchObject({
        channel: 'visitor-email',
        kind: 'newsletter-optin',
        attempts: 3,
        expiredLeases: 3,
        leasedBy: null,
      });
      expect(failed.lastError).toMatch(/lease expired without an outcome.*3 of 3/);

      const listing = (await leadsCli(dataDir, 'outbox', '--failed')).stdout;
      expect(listing).toContain('pending: 0, delivered: 0, failed: 1');
      expect(listing).toMatch(
        new RegExp(`${failed.id}\\tfailed\\tvisitor-email\\tnewsletter-optin\\t3\\t-\\tlease expired`),
      );

      // The process that found it failed is still the one serving; stopped gracefully (a stop waits
      // for the deliveries in progress), it has not connected again.
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      expect(await server.stop()).toBe(0);
      expect(smtp.connections()).toBe(3);
    },
  );
});

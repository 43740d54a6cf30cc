import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnBuiltServer, waitForAnswer, type BuiltServer } from '../../scripts/built-server.ts';
import { closePeers, freePort, parseMail, startSmtp, waitFor } from '../support/delivery-peers.ts';

// Lead delivery across real server processes (the production build): a process killed with
// deliveries pending leaves them to the next one, and two processes on one data directory drain one
// outbox without sending anything twice.

const servers: BuiltServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) server.stop();
  await closePeers();
});

async function start(dataDir: string, smtpPort: number): Promise<BuiltServer> {
  const port = await freePort();
  const server = spawnBuiltServer({
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'hello@geo.example',
      LEADS_NOTIFY_TO: 'team@geo.example',
      FORM_RATE_LIMIT_PER_MINUTE: '1000',
      // One sender's address (loopback) asks for 40 visitor emails here.
      SENDER_EMAILS_PER_HOUR: '1000',
      SENDER_EMAILS_PER_DAY: '1000',
    },
  });
  servers.push(server);
  await waitForAnswer(`${server.base}/healthz`);
  return server;
}

const contact = (server: BuiltServer, n: number) =>
  fetch(`${server.base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Lead ${n}`, email: `lead${n}@example.org`, message: `n=${n}` }),
  });

const messageIds = (raws: string[]) => raws.map((raw) => parseMail(raw).headers.get('message-id'));

describe('delivery across processes', () => {
  it('delivers after a restart what a killed process left pending', { timeout: 200_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-killed-'));
    const smtpPort = await freePort();
    try {
      const first = await start(dataDir, smtpPort); // SMTP is down: every attempt fails
      for (let n = 0; n < 5; n++) expect((await contact(first, n)).status).toBe(200);
      // Killed once its first attempts have failed, between two retries (a process killed in the
      // middle of an attempt leaves a lease, which the next process takes over when it expires).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      const smtp = await startSmtp(smtpPort);
      await start(dataDir, smtpPort);
      // Ten emails: one to the team and one to the visitor per lead, each exactly once.
      await waitFor(() => smtp.messages.length >= 10, 'ten emails after the restart', 180_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ids = messageIds(smtp.messages.map((m) => m.raw));
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(
    'two processes on one data directory send every delivery exactly once',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-two-'));
      const smtp = await startSmtp();
      try {
        const [a, b] = [await start(dataDir, smtp.port), await start(dataDir, smtp.port)];
        const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => contact(n % 2 ? a : b, n)));
        expect(answers.every((res) => res.status === 200)).toBe(true);
        await waitFor(() => smtp.messages.length >= 80, 'eighty emails', 90_000);
        await new Promise((resolve) => setTimeout(resolve, 2500));
        const ids = messageIds(smtp.messages.map((m) => m.raw));
        expect(ids).toHaveLength(80);
        expect(new Set(ids).size).toBe(80);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

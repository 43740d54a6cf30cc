import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/server/store/embedded.ts';
import { outboxIn } from '../support/delivery-harness.ts';
import {
  closePeers,
  onClose,
  parseMail,
  startServerProcess,
  startSmtp,
  waitFor,
  type ServerProcessHandle,
} from '../support/delivery-peers.ts';

// Lead delivery across real server processes (the production build): a process killed with
// deliveries pending leaves them to the next one, and two processes on one data directory drain one
// outbox without sending anything twice. A child process has its own clock, so these tests watch
// what they can observe (the outbox in the data directory, read by another connection) rather than
// waiting a fixed time, and "nothing more arrived" is asserted once every delivery is recorded and
// the processes have stopped gracefully (a stop waits for the deliveries in progress).

afterEach(closePeers);

const start = (dataDir: string, smtpPort: number, env: Record<string, string> = {}) =>
  startServerProcess({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'hello@geo.example',
    LEADS_NOTIFY_TO: 'team@geo.example',
    FORM_RATE_LIMIT_PER_MINUTE: '1000',
    // One sender's address (loopback) asks for 40 visitor emails here.
    SENDER_EMAILS_PER_HOUR: '1000',
    SENDER_EMAILS_PER_DAY: '1000',
    ...env,
  });

const contact = (server: ServerProcessHandle, n: number) =>
  fetch(`${server.base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Lead ${n}`, email: `lead${n}@example.org`, message: `n=${n}` }),
  });

const messageIds = (raws: string[]) => raws.map((raw) => parseMail(raw).headers.get('message-id'));

const outbox = outboxIn;
/** How many deliveries the file holds per status. */
async function counts(dataDir: string) {
  const list = await outbox(dataDir);
  const of = (status: string) => list.filter((d) => d.status === status).length;
  return { pending: of('pending'), delivered: of('delivered'), failed: of('failed') };
}

/** True once the outbox holds `n` deliveries and none is still pending (each delivered or failed). */
const settled = (n: number) => async (dataDir: string) => {
  const list = await outbox(dataDir);
  return list.length === n && list.every((d) => d.status !== 'pending');
};

describe('delivery across processes', () => {
  it('delivers after a restart what a killed process left pending', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-killed-'));
    onClose(() => rmSync(dataDir, { recursive: true, force: true }));
    const smtp = await startSmtp({ down: true });
    // SMTP refuses: every attempt fails. The shortest lease: should the kill land during a retry,
    // the next process takes that delivery over within seconds, not two minutes.
    const first = await start(dataDir, smtp.port, { LEADS_DELIVERY_LEASE_SECONDS: '2' });
    for (let n = 0; n < 5; n++) expect((await contact(first, n)).status).toBe(200);
    // Killed once its first attempts have failed and been recorded, between two retries (the
    // outbox shows each of the ten tried once and leased by nobody).
    await waitFor(async () => {
      const list = await outbox(dataDir);
      return list.length === 10 && list.every((d) => d.attempts >= 1 && d.leasedBy === null);
    }, 'ten failed first attempts');
    await first.kill();
    expect(smtp.messages).toHaveLength(0);

    // The retries' backoff passes in the file rather than on the clock (the next process has its own).
    const raw = createClient({ url: `file:${path.join(dataDir, DATABASE_FILE)}` });
    await raw.execute(`UPDATE lead_deliveries SET next_attempt_at = '1970-01-01T00:00:00.000Z'`);
    raw.close();
    smtp.setDown(false);
    const second = await start(dataDir, smtp.port);
    await waitFor(() => settled(10)(dataDir), 'ten deliveries settled after the restart');
    await second.stop();
    expect(await second.exited).toBe(0);
    expect(await counts(dataDir)).toEqual({ pending: 0, delivered: 10, failed: 0 });
    // Ten emails: one to the team and one to the visitor per lead, each exactly once.
    const ids = messageIds(smtp.messages.map((m) => m.raw));
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('two processes on one data directory send every delivery exactly once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-two-'));
    onClose(() => rmSync(dataDir, { recursive: true, force: true }));
    const smtp = await startSmtp();
    const [a, b] = [await start(dataDir, smtp.port), await start(dataDir, smtp.port)];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => contact(n % 2 ? a : b, n)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    await waitFor(() => settled(80)(dataDir), 'eighty deliveries settled');
    // Both stop gracefully: any send still in flight (a second lease of a delivery) ends first.
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    const ids = messageIds(smtp.messages.map((m) => m.raw));
    expect(ids).toHaveLength(80);
    expect(new Set(ids).size).toBe(80);
    expect(await counts(dataDir)).toEqual({ pending: 0, delivered: 80, failed: 0 });
  });
});

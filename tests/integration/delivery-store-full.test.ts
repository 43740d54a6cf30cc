import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Transaction } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/server/store/embedded.ts';
import { contact, ctx, harness, newsletter, tempDir } from '../support/delivery-harness.ts';
import { closePeers, onClose, startSmtp, type Mail } from '../support/delivery-peers.ts';
import { canMountTmpfs, mountTmpfs } from '../support/full-store.ts';
import { renderer } from '../support/visitor-mail.ts';

// Issue 34, finding 1: one visitor email was sent twice when space came back. The email went out,
// the store could not record it (full disk), the lease expired and the worker leased and sent it
// again. Now the worker keeps what it sent and records it before leasing anything new (decision
// 051). Here the store fails between the send and the record, for real: another process holds the
// write lock (SQLITE_BUSY), or the disk is full (SQLITE_FULL, on a tmpfs where this process may
// mount one); the lease expires on the worker's clock; space comes back: exactly one email.

afterEach(closePeers);

const LEASE_MS = 120_000;

/** The SMTP server, and what happens to the store when its first message arrives. */
async function sinkThat(fail: () => Promise<void>) {
  let failed = false;
  return startSmtp({
    beforeAccept: async () => {
      if (failed) return;
      failed = true;
      await fail();
    },
  });
}

const to = (messages: Mail[], address: string) => messages.filter((m) => m.to.includes(address));

/**
 * The scenario both failures share: a visitor email sent while the store fails, its lease expired,
 * then `restore()`; the worker must record it and send the next lead's email, never the first again.
 */
async function sendThroughFailure(
  dataDir: string,
  sink: Awaited<ReturnType<typeof sinkThat>>,
  restore: () => Promise<void>,
) {
  const { store, worker, clock, outcomes } = await harness({
    smtpPort: sink.port,
    channels: ['visitor-email'],
    renderer: renderer(),
    dataDir,
  });
  await store.save({ form: 'contact', data: contact }, ctx());
  // Sent (the sink has it, the worker heard 250), and the record failed right after.
  await worker.idle();
  expect(outcomes).toHaveLength(1);
  expect(to(sink.messages, contact.email)).toHaveLength(1);
  expect((await store.deliveries())[0]!.status).toBe('pending');
  // The disk stays full past the lease: another attempt would be due now.
  clock.advance(LEASE_MS + 1_000);
  await restore();
  await worker.idle();
  expect((await store.deliveries())[0]!.status).toBe('delivered');
  // The worker goes on: the next lead's email goes out, and the first never again.
  clock.advance(LEASE_MS + 1_000);
  await store.save({ form: 'newsletter', data: newsletter }, ctx(clock.now()));
  await worker.idle();
  expect(to(sink.messages, newsletter.email)).toHaveLength(1);
  expect((await store.outboxCounts()).delivered).toBe(2);
  expect(to(sink.messages, contact.email)).toHaveLength(1);
  const [first] = await store.deliveries();
  expect(first).toMatchObject({ status: 'delivered', attempts: 1, expiredLeases: 0 });
  expect(outcomes).toEqual([
    ['visitor-email', 'delivered'],
    ['visitor-email', 'delivered'],
  ]);
}

describe('a visitor email sent while the store cannot record it', () => {
  it('is recorded once the store takes writes again, never sent twice (write lock held: SQLITE_BUSY)', async () => {
    const dataDir = tempDir();
    let lock: Transaction | undefined;
    const other = createClient({ url: `file:${path.join(dataDir, DATABASE_FILE)}` });
    onClose(() => other.close());
    const sink = await sinkThat(async () => {
      // Another process takes the write lock and keeps it: the worker's record waits 500 ms, fails.
      lock = await other.transaction('write');
      await lock.execute("INSERT OR REPLACE INTO store_health (id, checked_at) VALUES (1, 'held')");
    });
    await sendThroughFailure(dataDir, sink, async () => {
      await lock!.rollback();
    });
  });

  describe.skipIf(!canMountTmpfs())(
    'on a real full disk (a tmpfs: needs the right to mount, root on CI)',
    () => {
      it('is recorded once a file is deleted, never sent twice (SQLITE_FULL)', async () => {
        const disk = mountTmpfs(2048)!;
        onClose(disk.unmount);
        const ballast = path.join(disk.dir, 'ballast');
        const sink = await sinkThat(async () => {
          // Every byte the disk has left goes to a file that is not the store's.
          const fd = openSync(ballast, 'w');
          const chunk = Buffer.alloc(64 * 1024, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch {
            for (let size = 4096; size >= 1; size = Math.floor(size / 2)) {
              try {
                for (;;) writeSync(fd, chunk, 0, size);
              } catch {
                // this size no longer fits: try a smaller one
              }
            }
          } finally {
            closeSync(fd);
          }
        });
        await sendThroughFailure(disk.dir, sink, async () => {
          rmSync(ballast);
        });
      });
    },
  );
});

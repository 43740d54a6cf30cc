import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { clockedServerProcess as serverProcess } from '../support/clocked-server.ts';
import { drainOutbox } from '../support/delivery-harness.ts';
import { closePeers, startReceiver, startSmtp } from '../support/delivery-peers.ts';
import { HUMAN_UA } from '../support/test-server.ts';
import { SITE_URL, hrefs, mailsTo, reportServerEnv } from '../support/report-harness.ts';

// The re-check job in two real server processes on one DATA_DIR (decision 032): people subscribe
// through one process and confirm through the other; a month later (each process's clock moved on)
// both run their due re-checks at the same moment, and every subscription is re-checked, and
// emailed, exactly once.

const DAY = 24 * 60 * 60 * 1000;
const PEOPLE = 6;

let site: TeaSite;
beforeAll(async () => {
  site = await startTeaSite();
});
afterAll(async () => {
  await site.close();
  await closePeers();
});

describe('two server processes on one store', () => {
  it('re-check each due subscription once, and send each re-check email once', async () => {
    const smtp = await startSmtp();
    const hooks = await startReceiver();
    const env = {
      ...reportServerEnv(site, smtp, hooks),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'geo-recheck-procs-')),
      FORM_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '0',
    };
    const processes = [serverProcess(env), serverProcess(env)] as const;
    // Both processes' clocks, as the test moves them: what is due is due at this time.
    let offsetMs = 0;
    const drain = () =>
      drainOutbox(
        env.DATA_DIR,
        processes.map((p) => p.idle),
        () => new Date(Date.now() + offsetMs),
      );
    try {
      const ports = await Promise.all(processes.map((p) => p.port()));
      const [one, two] = [ports[0]!, ports[1]!];
      const at = (port: number) => `http://127.0.0.1:${port}`;

      // Six people, each an address of the site, subscribe through one process and confirm through
      // the other.
      const emails = Array.from({ length: PEOPLE }, (_, i) => `person-${i}@example.org`);
      for (const [i, email] of emails.entries()) {
        const audit = await request(at(one))
          .get('/api/audit')
          .query({ url: `${site.origin}/${['', 'a', 'b', 'c', 'd'][i % 5]}`, lang: i % 2 ? 'fr' : 'en' })
          .set('User-Agent', HUMAN_UA);
        expect(audit.status).toBe(200);
        const asked = await request(at(one)).post('/api/recheck').send({ email, report: audit.body.id });
        expect(asked.status).toBe(200);
      }
      await drain();
      for (const email of emails) {
        expect(mailsTo(smtp, email), email).toHaveLength(1);
        const confirm = hrefs(mailsTo(smtp, email)[0]!.html).find((href) => href.includes('/confirm?id='))!;
        const confirmed = await request(at(two))
          .get(confirm.replace(SITE_URL, ''))
          .set('User-Agent', HUMAN_UA);
        expect(confirmed.text).toContain('data-result="confirmed"');
      }

      // A month on, in both processes; then both run their due re-checks at the same moment.
      for (const p of processes) p.send(`advance ${31 * DAY}`);
      expect(await Promise.all(processes.map((p) => p.answer()))).toEqual(['ok', 'ok']);
      offsetMs += 31 * DAY;
      for (const p of processes) p.send('run');
      const ran = (await Promise.all(processes.map((p) => p.answer()))).map((line) =>
        Number(/^ran (\d+)$/.exec(line)![1]),
      );
      expect(ran[0]! + ran[1]!).toBe(PEOPLE);

      // One re-check email each, and no more once both workers are drained.
      await drain();
      for (const p of processes) p.send('run');
      expect(await Promise.all(processes.map((p) => p.answer()))).toEqual(['ran 0', 'ran 0']);
      const outbox = await drain();
      expect(outbox.filter((d) => d.status !== 'delivered')).toEqual([]);
      for (const email of emails) expect(mailsTo(smtp, email), email).toHaveLength(2);
    } finally {
      await Promise.all(processes.map((p) => p.quit()));
    }
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { clockedServerProcess, type ClockedServer } from '../support/clocked-server.ts';
import { closePeers, parseMail, startReceiver, startSmtp, waitFor } from '../support/delivery-peers.ts';
import { SITE_URL, TEAM, hrefs, mailsTo, reportServerEnv } from '../support/report-harness.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';
import { HUMAN_UA } from '../support/test-server.ts';

// The Supabase store's "never twice" promises with real server processes (issue 35): three
// processes of the site, each with its delivery worker and its re-check job running on their own
// timers, on one Supabase (the run's PostgreSQL server behind the PostgREST stand-in, each request a
// transaction on a connection of its own). Eight visitors at once each post a contact lead, ask for
// their report by email and subscribe to its monthly re-check, every form sent to two processes at
// the same moment (a double click landing on two replicas). Every email arrives exactly once through
// a real SMTP server; a month on (each process's clock moved), every due re-check runs once and
// sends one email. "Nothing more arrived" is asserted after draining each process's worker and
// finding nothing left to send in the outbox in the database, and again once the processes have
// stopped.

const DAY = 24 * 60 * 60 * 1000;
const PROCESSES = 3;
const CLIENTS = 8;
const NEWSLETTER_SECRET = 'a-newsletter-secret-shared-by-every-replica';
// A ceiling, not a measure: three processes start, audit and re-check on two cores shared with the
// other suites (about 15 s alone, twice that beside them).
const CEILING_MS = 120_000;

// Three processes' workers, re-check jobs and requests at once: more connections than that needs.
const supabase = supabaseOnPostgrest({ connections: 24 });
let site: TeaSite;
beforeAll(async () => {
  site = await startTeaSite();
});
afterAll(async () => {
  await closePeers();
  await site.close();
});

/** Each process drained at once, then the outbox in the database: every delivery sent, none left. */
async function drained(processes: readonly ClockedServer[]) {
  await Promise.all(processes.map((p) => p.idle()));
  const { rows } = await supabase.db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from public.lead_deliveries group by status order by status',
  );
  return rows;
}

describe('three server processes on one Supabase store', () => {
  it(
    'send each email once and run each due re-check once, eight visitors at once',
    async () => {
      const smtp = await startSmtp();
      const hooks = await startReceiver();
      const env = {
        ...reportServerEnv(site, smtp, hooks),
        SUPABASE_URL: supabase.postgrest.url,
        SUPABASE_ANON_KEY: ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
        NEWSLETTER_SECRET,
        FORM_RATE_LIMIT_PER_MINUTE: '1000',
        RATE_LIMIT_PER_MINUTE: '0',
        // Every visitor posts from loopback: one sender address, 40 visitor emails.
        SENDER_EMAILS_PER_HOUR: '1000',
        SENDER_EMAILS_PER_DAY: '1000',
        AUDIT_REPORTS_PER_DAY: '1000',
        // Eight audits at once from one address, over three processes.
        AUDIT_MAX_PER_ADDRESS: '8',
        AUDIT_MAX_CONCURRENT: '8',
        AUDIT_WORKERS: '1',
        // An audit's deadline at its most: on two loaded cores an audit of the loopback site can take
        // more than the default 10 s, and a timed-out audit is no failure of the store.
        AUDIT_TIMEOUT_MS: '120000',
        // The re-check jobs look for due subscriptions on their own, all three every 100 ms.
        RECHECK_POLL_MS: '100',
      };
      const processes = Array.from({ length: PROCESSES }, () =>
        clockedServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'geo-supabase-procs-')) }),
      );
      try {
        const bases = (await Promise.all(processes.map((p) => p.port()))).map(
          (port) => `http://127.0.0.1:${port}`,
        );
        // The two processes a visitor's forms go to at once.
        const pair = (i: number) => [bases[i % PROCESSES]!, bases[(i + 1) % PROCESSES]!] as const;
        const twice = (i: number, post: (base: string) => Promise<request.Response>) =>
          Promise.all(pair(i).map(post));
        const contactOf = (i: number) => `contact-${i}@example.org`;
        const personOf = (i: number) => `person-${i}@example.org`;
        // Every worker has told the database its channels (with its first lease) before a lead arrives.
        expect(await drained(processes)).toEqual([]);

        // Eight visitors at once: an audit, then each form posted to two processes at the same moment.
        const reports = await Promise.all(
          Array.from({ length: CLIENTS }, async (_, i) => {
            const [one] = pair(i);
            const lang = i % 2 ? 'fr' : 'en';
            const audit = await request(one)
              .get('/api/audit')
              .query({ url: `${site.origin}/${['', 'a', 'b', 'c', 'd'][i % 5]}`, lang })
              .set('User-Agent', HUMAN_UA);
            expect(audit.status, audit.text).toBe(200);
            const report = audit.body.id as string;
            const answers = await Promise.all([
              twice(i, (base) =>
                request(base)
                  .post('/api/contact')
                  .send({ name: `Visitor ${i}`, email: contactOf(i), message: `n=${i}`, lang }),
              ),
              twice(i, (base) =>
                request(base)
                  .post('/api/report-email')
                  .send({ email: personOf(i), report, lang }),
              ),
              twice(i, (base) =>
                request(base)
                  .post('/api/recheck')
                  .send({ email: personOf(i), report, lang }),
              ),
            ]);
            for (const answer of answers.flat()) expect(answer.status, answer.text).toBe(200);
            return report;
          }),
        );

        // A re-check asked while its report email still waited rides in it (decision 067): that
        // visitor gets one email, with the report and the confirm link; the others, two.
        const confirmLinks = (i: number) =>
          mailsTo(smtp, personOf(i)).filter((m) => hrefs(m.html).some((h) => h.includes('/confirm?id=')));
        const { rows: folded } = await supabase.db.query<{ n: number }>(
          `select count(*)::int as n from public.lead_deliveries
            where kind = 'report-summary' and payload -> 'lead' -> 'lead_data' ? 'recheck_id'`,
        );
        const rides = folded[0]!.n;
        expect(await drained(processes)).toEqual([{ status: 'delivered', n: 3 * CLIENTS * 3 - rides }]);
        let single = 0;
        for (let i = 0; i < CLIENTS; i++) {
          expect(mailsTo(smtp, contactOf(i)), contactOf(i)).toHaveLength(1);
          // The report's email and the re-check's opt-in, once each, or both in one email.
          expect(confirmLinks(i), personOf(i)).toHaveLength(1);
          const count = mailsTo(smtp, personOf(i)).length;
          expect([1, 2], personOf(i)).toContain(count);
          if (count === 1) single += 1;
        }
        expect(single).toBe(rides);
        // One lead per form and visitor: the team hears of each, and so does the webhook, once.
        expect(mailsTo(smtp, TEAM)).toHaveLength(3 * CLIENTS);
        expect(new Set(hooks.requests.map((h) => h.headers['webhook-id'])).size).toBe(3 * CLIENTS);
        expect(hooks.requests).toHaveLength(3 * CLIENTS);
        const { rows: leads } = await supabase.db.query<{ form: string; n: number }>(
          `select lead_data ->> 'form_type' as form, count(*)::int as n from public.leads group by 1 order by 1`,
        );
        expect(leads).toEqual([
          { form: 'contact', n: CLIENTS },
          { form: 'recheck', n: CLIENTS },
          { form: 'report', n: CLIENTS },
        ]);

        // Each visitor confirms, the link opened in two processes at once.
        await Promise.all(
          Array.from({ length: CLIENTS }, async (_, i) => {
            const optin = mailsTo(smtp, personOf(i)).find((m) =>
              hrefs(m.html).some((h) => h.includes('/confirm?id=')),
            );
            const confirm = hrefs(optin!.html)
              .find((href) => href.includes('/confirm?id='))!
              .replace(SITE_URL, '');
            const pages = await twice(i, (base) => request(base).get(confirm).set('User-Agent', HUMAN_UA));
            for (const page of pages) expect(page.status).toBe(200);
          }),
        );
        const { rows: active } = await supabase.db.query<{ n: number }>(
          `select count(*)::int as n from public.recheck_subscriptions where status = 'active'`,
        );
        expect(active[0]!.n).toBe(CLIENTS);

        // A month on in every process: their re-check jobs find the eight due on their own timers.
        for (const p of processes) p.send(`advance ${31 * DAY}`);
        expect(await Promise.all(processes.map((p) => p.answer()))).toEqual(['ok', 'ok', 'ok']);
        // The jobs run in the other processes, on their own timers: what they did is read in the
        // database (each completed re-check has a new last report and no lease).
        await waitFor(
          async () => {
            const { rows } = await supabase.db.query<{ n: number }>(
              `select count(*)::int as n from public.recheck_subscriptions
                where last_report_id <> all($1::text[]) and leased_by is null`,
              [reports],
            );
            return rows[0]!.n === CLIENTS;
          },
          'every due re-check done',
          CEILING_MS,
        );
        expect(await drained(processes)).toEqual([
          { status: 'delivered', n: 3 * CLIENTS * 3 - rides + CLIENTS },
        ]);
        // Once stopped (a stop waits for the re-checks and deliveries in progress), nothing more can come.
        await Promise.all(processes.map((p) => p.quit()));

        // Each re-check ran once: one report follows each visitor's first, one email tells of it.
        const { rows: follows } = await supabase.db.query<{ follows_id: string; n: number }>(
          `select follows_id, count(*)::int as n from public.audit_reports
          where follows_id is not null group by follows_id order by follows_id`,
        );
        expect(follows).toEqual([...reports].sort().map((id) => ({ follows_id: id, n: 1 })));
        const monthly = Array.from({ length: CLIENTS }, (_, i) => mailsTo(smtp, personOf(i)).length);
        expect(monthly.reduce((a, b) => a + b, 0)).toBe(3 * CLIENTS - rides);
        expect(mailsTo(smtp, TEAM)).toHaveLength(3 * CLIENTS);
        expect(await drained([])).toEqual([{ status: 'delivered', n: 3 * CLIENTS * 3 - rides + CLIENTS }]);
        const ids = smtp.messages.map((m) => parseMail(m.raw).headers.get('message-id'));
        expect(ids).toHaveLength(3 * CLIENTS * 2 + CLIENTS - rides);
        expect(new Set(ids).size).toBe(ids.length);
      } finally {
        await Promise.all(processes.map((p) => p.quit()));
      }
    },
    CEILING_MS,
  );
});

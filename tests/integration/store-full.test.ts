import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { DATABASE_FILE } from '../../src/server/store/embedded.ts';
import { canMountTmpfs, keptLogger, mountTmpfs, startAuditedSite } from '../support/full-store.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Issue 34, finding 1: a store filled by saved reports takes nothing down (decision 051). With the
// store really full (SQLite's own ceiling, DATA_MAX_MB, answering SQLITE_FULL as a full disk does;
// and, where this process may mount one, a full tmpfs), pages are served, /readyz stays 200 and says
// the store takes no writes, forms answer a clear 503 asking to retry, audits are answered without
// being saved, /metrics shows store_writable 0, the change is logged once; and when space comes
// back, all of it recovers on its own.

/** Filling a store takes a hundred audits or so: about 17 s alone, twice that beside other suites. */
const FILLING = { timeout: 120_000 };
const METRICS_TOKEN = 'store-full-test-metrics-token-0123456789abcdef';
/** A contact message of about a kilobyte: what the store is filled with, and refused once full. */
const MESSAGE = 'x'.repeat(900);
const UNWRITABLE = 'store cannot take writes: forms answer 503, pages are served';
const WRITABLE_AGAIN = 'store takes writes again';

let site: Awaited<ReturnType<typeof startAuditedSite>>;
beforeAll(async () => {
  site = await startAuditedSite();
});
afterAll(async () => {
  await site.close();
});

async function start(env: Record<string, string>) {
  const kept = keptLogger();
  const app = await testServer(
    {
      AUDIT_ALLOWED_HOSTS: site.host,
      AUDIT_RATE_LIMIT_PER_MINUTE: '100000',
      AUDIT_CACHE_SECONDS: '0',
      // One address fills the store on purpose: no daily cap of reports per visitor (decision 048).
      AUDIT_REPORTS_PER_DAY: '10000',
      FORM_RATE_LIMIT_PER_MINUTE: '1000',
      METRICS_TOKEN,
      ...env,
    },
    // The probe runs every 10 s, as in production: the test triggers the probes it needs
    // (app.locals.probeStore), as a failed write does, and waits for nothing.
    { logger: kept.logger },
  );
  return { app, kept };
}

const readiness = async (app: App) => {
  const res = await request(app).get('/readyz');
  return { status: res.status, body: res.body as Record<string, unknown> };
};

const audit = async (app: App) => {
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `http://${site.host}/`, lang: 'en' })
    .set('User-Agent', HUMAN_UA);
  expect(res.status).toBe(200);
  return res.body as AuditReport;
};

const gauge = async (app: App) => {
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  return /^store_writable\{store="embedded"\} (\d)$/m.exec(text)?.[1];
};

/** Audits until one comes back unsaved (the store refused its report): how many were saved. */
async function fillWithReports(app: App): Promise<number> {
  for (let saved = 0; saved < 1000; saved++) {
    if ((await audit(app)).id === undefined) return saved;
  }
  throw new Error('1000 reports saved: the store never filled');
}

/**
 * Posts small leads until one is refused: a store that no longer takes a report may still take a
 * 1 KB lead (the probe already reports it, decision 051), so the store is filled to the last page.
 */
async function fillWithLeads(app: App): Promise<number> {
  for (let stored = 0; stored < 1000; stored++) {
    const res = await request(app)
      .post('/api/contact')
      .send({ name: 'Filler', email: `filler-${stored}@example.com`, message: MESSAGE, lang: 'en' });
    if (res.status === 503) return stored;
    expect(res.status).toBe(200);
  }
  throw new Error('1000 leads stored: the store never filled');
}

/** Everything a visitor and an operator see while the store is full. */
async function expectServedWhileFull(app: App, kept: ReturnType<typeof keptLogger>) {
  // The refused lead asked for a probe: its outcome is what /readyz reports.
  await app.locals.probeStore();
  const ready = await readiness(app);
  expect(ready).toEqual({ status: 200, body: { status: 'ready', store: 'embedded', storeWritable: false } });
  expect((await request(app).get('/healthz')).status).toBe(200);
  for (const page of ['/en/', '/fr/', '/en/tools', '/fr/blog']) {
    const res = await request(app).get(page).set('User-Agent', HUMAN_UA);
    expect(res.status, page).toBe(200);
  }

  // Forms: a clear 503 that asks to retry, in the visitor's language, as JSON…
  for (let i = 0; i < 3; i++) {
    const res = await request(app)
      .post('/api/contact')
      .send({ name: 'Full', email: `full-${i}@example.com`, message: MESSAGE, lang: 'fr' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: {
        code: 'store_unavailable',
        message: 'Impossible d’enregistrer votre envoi pour le moment. Réessayez dans un instant.',
      },
    });
  }
  // …and without JavaScript, the page again with the same words.
  const posted = await request(app)
    .post('/api/contact')
    .set('Accept', 'text/html')
    .type('form')
    .send({ name: 'Full', email: 'nojs@example.com', message: MESSAGE, lang: 'en' });
  expect(posted.status).toBe(303);
  const cookie = /form_result=([^;]+)/.exec(String(posted.headers['set-cookie']))![1]!;
  const page = await request(app)
    .get(posted.headers.location!)
    .set('User-Agent', HUMAN_UA)
    .set('Cookie', `form_result=${cookie}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Please try again in a moment.');

  // An audit is answered, its report simply not kept: no link, no error.
  const report = await audit(app);
  expect(report.overall).toEqual(expect.any(Number));
  expect(report.id).toBeUndefined();
  const tools = await request(app)
    .get('/en/tools')
    .query({ url: `http://${site.host}/` })
    .set('User-Agent', HUMAN_UA);
  expect(tools.status).toBe(200);
  expect(tools.text).toContain('data-testid="overall-score"');

  expect(await gauge(app)).toBe('0');
  // Several probes and failed writes later: one line.
  expect(kept.count(UNWRITABLE)).toBe(1);
}

/** Once space is back: the probe sees it, and everything writes again. */
async function expectRecovered(app: App, kept: ReturnType<typeof keptLogger>) {
  // The next probe (every 10 s in production; triggered here) sees the room.
  await app.locals.probeStore();
  expect(await readiness(app)).toEqual({
    status: 200,
    body: { status: 'ready', store: 'embedded', storeWritable: true },
  });
  expect(await gauge(app)).toBe('1');
  const res = await request(app)
    .post('/api/contact')
    .send({ name: 'Back', email: 'back@example.com', message: 'Hello', lang: 'en' });
  expect(res.status).toBe(200);
  expect((await audit(app)).id).toMatch(/^[0-9a-f]{32}$/);
  expect(kept.count(WRITABLE_AGAIN)).toBe(1);
  expect(kept.count(UNWRITABLE)).toBe(1);
}

describe('a store filled by saved reports', () => {
  it(
    'at its ceiling (DATA_MAX_MB: SQLite answers SQLITE_FULL): serves pages, stays ready, recovers by itself',
    FILLING,
    async () => {
      const { app, kept } = await start({ DATA_MAX_MB: '1' });
      try {
        await app.locals.probeStore();
        expect((await readiness(app)).body.storeWritable).toBe(true);
        expect(await gauge(app)).toBe('1');
        const saved = await fillWithReports(app);
        expect(saved).toBeGreaterThan(0);
        console.info(`store full after ${saved} reports and ${await fillWithLeads(app)} small leads`);
        await expectServedWhileFull(app, kept);

        // Space comes back: an operator deletes reports (another connection, with no ceiling of its own).
        const other = createClient({ url: `file:${path.join(app.locals.config.dataDir, DATABASE_FILE)}` });
        await other.execute('DELETE FROM audit_reports');
        other.close();
        await expectRecovered(app, kept);
      } finally {
        await app.locals.close();
      }
    },
  );

  describe.skipIf(!canMountTmpfs())(
    'on a real full disk (a tmpfs: needs the right to mount, root on CI)',
    () => {
      it('serves pages, stays ready, and recovers by itself once a file is deleted', FILLING, async () => {
        const disk = mountTmpfs(3 * 1024)!;
        // Room an operator can give back later: a file that is not the store's.
        const ballast = path.join(disk.dir, 'ballast');
        writeFileSync(ballast, Buffer.alloc(512 * 1024, 1));
        const { app, kept } = await start({ DATA_DIR: disk.dir });
        try {
          await app.locals.probeStore();
          expect((await readiness(app)).body.storeWritable).toBe(true);
          const saved = await fillWithReports(app);
          expect(saved).toBeGreaterThan(0);
          console.info(`disk full after ${saved} reports and ${await fillWithLeads(app)} small leads`);
          await expectServedWhileFull(app, kept);
          rmSync(ballast);
          await expectRecovered(app, kept);
        } finally {
          await app.locals.close();
          disk.unmount();
        }
      });
    },
  );
});

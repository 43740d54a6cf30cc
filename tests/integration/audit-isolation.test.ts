import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { AnalysisFailed, createAnalysisPool } from '../../src/server/audit/analysis.ts';
import type { AuditInput } from '../../src/server/audit/types.ts';
import { resource } from '../fixtures/audit-resources.ts';
import {
  hostilePage,
  startHostileSites,
  type HostileSite,
  type HostileSites,
} from '../fixtures/hostile-sites.ts';
import { outboxIn } from '../support/delivery-harness.ts';
import { parseMail, startSmtp, waitFor } from '../support/delivery-peers.ts';
import { testServer } from '../support/test-server.ts';
import { CONTAINER_FLAGS, portOf, runServer } from '../support/server-process.ts';

// One hostile website must never freeze or crash the site (issue 26): the audit's parsing runs in
// worker threads with a deadline and a heap ceiling, within limits a real page never reaches, and
// each limit reached is said in the report.

let sites: HostileSites;
beforeAll(async () => {
  sites = await startHostileSites();
});
afterAll(() => sites.close());

const itemOf = (report: AuditReport, id: string) =>
  report.categories.flatMap((c) => c.items).find((i) => i.id === id)!;

describe('an audit of a hostile website', () => {
  let app: App;
  beforeAll(async () => {
    app = await testServer({
      AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
      AUDIT_TIMEOUT_MS: '8000',
      AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  afterAll(() => app.locals.close());
  const audit = (site: HostileSite) =>
    request(app)
      .get('/api/audit')
      .query({ url: hostilePage(sites, site), lang: 'en' });

  it('reads markup nested 698,000 deep up to where browsers stop nesting, and says so', async () => {
    const res = await audit('nested');
    expect(res.status).toBe(200);
    const weight = itemOf(res.body as AuditReport, 'htmlWeight');
    expect(weight.status).not.toBe('pass');
    expect(weight.evidence).toContain('nested more than 512 levels deep');
    expect(weight.recommendation).toMatch(/unclosed tag/);
  });

  it('leaves a JSON-LD block nested 300,000 deep unread, and says so', async () => {
    const res = await audit('deepJsonLd');
    expect(res.status).toBe(200);
    const jsonLd = itemOf(res.body as AuditReport, 'markup');
    expect(jsonLd.status).toBe('fail');
    expect(jsonLd.evidence).toContain('JSON-LD block 1 of 1 is larger than 256\u00a0KB: not read.');
  });

  it('decides 500 KB of wildcard robots.txt rules against a 2,000-character path', async () => {
    const res = await audit('wildcards');
    expect(res.status).toBe(200);
    expect(itemOf(res.body as AuditReport, 'aiSearchAgents').status).toBe('pass');
    expect(itemOf(res.body as AuditReport, 'robotsTxt').evidence).toMatch(/robots\.txt answered 200/);
  });
});

describe('the analysis pool', () => {
  const worker = {
    file: path.resolve('tests/fixtures/spinning-worker.ts'),
    execArgv: ['--import', 'tsx'],
  };
  const input = (body: string) => ({ page: resource('http://x.test/', body) }) as unknown as AuditInput;

  it('ends a task at its deadline while the event loop stays free, then serves the next', async () => {
    const pool = createAnalysisPool({ worker, threads: 1, memoryMb: 64 });
    try {
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      const spun = pool.analyze(input('spin'), false, AbortSignal.timeout(1500)).catch((e: unknown) => e);
      // The task never ends by itself: whatever the loop did before the deadline, it did meanwhile.
      const error = await spun;
      clearInterval(ticker);
      expect(error).toBeInstanceOf(AnalysisFailed);
      expect(ticks).toBeGreaterThan(0);
      expect(await pool.analyze(input('fine'), false, AbortSignal.timeout(30_000))).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('ends a task past its heap ceiling without touching the server’s heap', async () => {
    const pool = createAnalysisPool({ worker, threads: 1, memoryMb: 32 });
    try {
      const error = await pool
        .analyze(input('hog'), false, AbortSignal.timeout(30_000))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AnalysisFailed);
      expect(String((error as Error).message)).toMatch(/memory/i);
      expect(await pool.analyze(input('fine'), false, AbortSignal.timeout(30_000))).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});

describe('the server process, with the container’s memory', () => {
  it(
    'audits each hostile site, and emails a waitlist lead its audit once, without a restart',
    {
      timeout: 120_000,
    },
    async () => {
      const smtp = await startSmtp();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-hostile-'));
      const proc = runServer(
        {
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          SITE_URL: 'https://geo.example',
          AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
          AUDIT_TIMEOUT_MS: '8000',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'GEO Platform <hello@geo.example>',
        },
        CONTAINER_FLAGS,
      );
      try {
        const port = await portOf(proc);
        const base = `http://127.0.0.1:${port}`;
        // Health checks all along, one after the other's answer (no pause: a check that waited on the
        // audits would hold the next one up): each must be answered, whatever the audits are doing.
        const health: number[] = [];
        let auditing = true;
        const probing = (async () => {
          while (auditing) health.push((await fetch(`${base}/healthz`)).status);
        })();
        for (const site of ['nested', 'deepJsonLd', 'wildcards'] as const) {
          const res = await fetch(`${base}/api/audit?url=${encodeURIComponent(hostilePage(sites, site))}`);
          expect(res.status, site).toBe(200);
          expect(((await res.json()) as AuditReport).overall, site).toBeGreaterThan(0);
        }
        const visitor = 'hostile@example.org';
        const lead = await fetch(`${base}/api/waitlist`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: 'Ada',
            email: visitor,
            website: hostilePage(sites, 'nested'),
            lang: 'en',
          }),
        });
        expect(lead.status).toBe(200);
        // The process's worker runs on its own clock: its outbox, read from the data directory, says
        // when the waitlist email has been sent and recorded. Nothing more can come from it then.
        await waitFor(async () => {
          const outbox = await outboxIn(dataDir);
          return outbox.length > 0 && outbox.every((d) => d.status !== 'pending');
        }, 'the waitlist email recorded');
        auditing = false;
        await probing;
        const mails = smtp.messages.filter((m) => m.to.includes(visitor)).map((m) => parseMail(m.raw));
        expect(mails).toHaveLength(1);
        expect((await outboxIn(dataDir)).map((d) => d.status)).toEqual(['delivered']);
        expect(mails[0]!.text).toMatch(/\d+\s?(\/|out of)\s?100/);
        expect(health.length).toBeGreaterThan(0);
        expect(health.every((code) => code === 200)).toBe(true);
        expect(proc.child.exitCode).toBeNull();
        expect(proc.err()).not.toMatch(/heap limit|FATAL/i);
      } finally {
        proc.child.kill('SIGTERM');
        await proc.exited;
        await smtp.close();
      }
    },
  );
});

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { startBloatingSite } from '../tests/fixtures/bloating-site.ts';
import { DATABASE_FILE } from '../src/server/store/embedded.ts';
import { spawnBuiltServer, waitForAnswer } from './built-server.ts';
import { ensureBuild } from './ensure-build.mjs';

// npm run bench:reports: the largest report a hostile site can make and what 100 of them leave in
// the store (issue 34, decision 048), against the production build on loopback. The site is
// tests/fixtures/bloating-site.ts (long off-site and private sitemap addresses, pages redirecting
// to 14 KB addresses, every summary item filled). Prints, for one 25-page audit of it: the bytes
// stored (the `bytes` column), the JSON answer, the report page a person gets; then 100 such audits
// from 100 addresses (TRUST_PROXY=1, X-Forwarded-For) and from one, with the store's total and the
// data file's size. Figures go in the README and decision 048; nothing here is a test.

const HUMAN_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const AUDITS = Number(process.env.REPORT_AUDITS ?? 100);
/** The budget of the second run, small enough for 100 hostile reports to meet it. */
const BUDGET_MB = Number(process.env.REPORT_BUDGET_MB ?? 2);

ensureBuild(process.cwd());
const site = await startBloatingSite();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The data directory's files, in bytes (the SQLite file and its WAL). */
function dirBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
}

async function withServer<T>(
  env: Record<string, string>,
  work: (base: string, dataDir: string) => Promise<T>,
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'geo-report-bounds-'));
  const server = spawnBuiltServer({
    env: {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      AUDIT_RATE_LIMIT_PER_MINUTE: '100000',
      AUDIT_CACHE_SECONDS: '0',
      AUDIT_ALLOWED_HOSTS: site.host,
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  try {
    await waitForAnswer(`${server.base}/healthz`);
    return await work(server.base, dataDir);
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.stop();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function audit(base: string, from: string) {
  const res = await fetch(`${base}/api/audit?url=${encodeURIComponent(`${site.origin}/`)}&pages=25&lang=en`, {
    headers: { 'User-Agent': HUMAN_UA, 'X-Forwarded-For': from },
  });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), report: JSON.parse(text) as { id?: string } };
}

async function storeTotals(dataDir: string) {
  const client = createClient({ url: `file:${path.join(dataDir, DATABASE_FILE)}` });
  try {
    const { rows } = await client.execute(
      'SELECT count(*) AS reports, total(bytes) AS total, max(bytes) AS largest FROM audit_reports',
    );
    return {
      reports: Number(rows[0]!.reports),
      total: Number(rows[0]!.total),
      largest: Number(rows[0]!.largest),
    };
  } finally {
    client.close();
  }
}

try {
  await withServer({}, async (base, dataDir) => {
    const one = await audit(base, '203.0.113.1');
    const page = await fetch(`${base}/en/tools/report/${one.report.id}`, {
      headers: { 'User-Agent': HUMAN_UA },
    });
    const pageBytes = Buffer.byteLength(await page.text());
    const totals = await storeTotals(dataDir);
    console.log('One hostile 25-page site audit');
    console.log(`  stored      ${kb(totals.largest)} (limit 250 KB)`);
    console.log(`  answered    ${kb(one.bytes)} of JSON (limit 400 KB)`);
    console.log(`  report page ${kb(pageBytes)} of HTML (status ${page.status})`);
  });
  for (const [label, env, from] of [
    [`${AUDITS} audits from ${AUDITS} addresses, default budget`, {}, (i: number) => `198.51.100.${i}`],
    [
      `${AUDITS} audits from ${AUDITS} addresses, AUDIT_REPORTS_MAX_MB=${BUDGET_MB}`,
      { AUDIT_REPORTS_MAX_MB: String(BUDGET_MB) },
      (i: number) => `198.51.100.${i}`,
    ],
    [`${AUDITS} audits from one address, default cap`, {}, () => '203.0.113.7'],
  ] as const) {
    await withServer(env, async (base, dataDir) => {
      let kept = 0;
      for (let i = 0; i < AUDITS; i++) if ((await audit(base, from(i))).report.id) kept += 1;
      const totals = await storeTotals(dataDir);
      console.log(label);
      console.log(
        `  reports kept ${kept} of ${AUDITS}, in the store ${totals.reports}, total ${mb(totals.total)}, data files ${mb(dirBytes(dataDir))}`,
      );
    });
  }
} finally {
  await site.close();
}

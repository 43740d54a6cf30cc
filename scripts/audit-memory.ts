import { readFileSync } from 'node:fs';
import { startHeavySites } from '../tests/fixtures/hostile-sites.ts';
import { CONTAINER_FLAGS } from '../tests/support/server-process.ts';
import { spawnBuiltServer, waitForAnswer } from './built-server.ts';
import { ensureBuild } from './ensure-build.mjs';

// Peak memory of the production server under hostile site audits (issue 34, decision 049): the
// built server with the Dockerfile's Node flags, four 25-page site audits at once from four
// addresses (behind one proxy, TRUST_PROXY=1), of four sites whose every page and file is just under
// what the audit reads (2 MB of HTML, 512 KB of text). The peak is the kernel's high-water mark of
// the process's resident memory (VmHWM), analysis threads included. Figures go in
// docs/performance.md; no test asserts them.
//
//   node --import tsx scripts/audit-memory.ts [rounds, 2] [audits at once, 4]

/** The Dockerfile's CMD flags. */
const DOCKER_FLAGS = CONTAINER_FLAGS;
const rounds = Number(process.argv[2] ?? 2);
const AUDITS = Number(process.argv[3] ?? 4);
const PAGES = 25;

ensureBuild(process.cwd());
const sites = await startHeavySites(AUDITS);
const server = spawnBuiltServer({
  nodeFlags: DOCKER_FLAGS,
  env: {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    AUDIT_ALLOWED_HOSTS: sites.allowedHosts,
    AUDIT_CACHE_SECONDS: '0',
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '0',
  },
});

/** A value of /proc/<pid>/status in MB (VmRSS: now, VmHWM: the peak so far). */
function statusMb(field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return kb / 1024;
}

try {
  await waitForAnswer(`${server.base}/healthz`);
  console.log(`idle after start: ${statusMb('VmRSS').toFixed(0)} MB`);
  for (let round = 1; round <= rounds; round++) {
    const started = performance.now();
    const before = sites.requests();
    const outcomes = await Promise.all(
      sites.origins.map(async (origin, i) => {
        const res = await fetch(
          `${server.base}/api/audit?url=${encodeURIComponent(`${origin}/`)}&lang=en&pages=${PAGES}`,
          { headers: { 'X-Forwarded-For': `198.51.100.${10 + i}` } },
        );
        const body = (await res.json()) as {
          site?: { pages: { outcome: string; note?: string }[] };
          error?: { code: string };
        };
        if (!body.site) return `${res.status} ${body.error?.code ?? ''}`;
        const counts = new Map<string, number>();
        for (const p of body.site.pages) {
          const key = p.note ? `${p.outcome} (${p.note})` : p.outcome;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return `${res.status} ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}`;
      }),
    );
    console.log(
      `round ${round}: ${((performance.now() - started) / 1000).toFixed(1)} s, ${sites.requests() - before} requests to the sites; ${outcomes.join(' | ')}`,
    );
    console.log(
      `  RSS now ${statusMb('VmRSS').toFixed(0)} MB, peak so far ${statusMb('VmHWM').toFixed(0)} MB`,
    );
  }
  console.log(
    `peak RSS under ${AUDITS} hostile ${PAGES}-page site audits: ${statusMb('VmHWM').toFixed(0)} MB`,
  );
} finally {
  server.stop();
  await sites.close();
}

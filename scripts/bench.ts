import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { spawnBuiltServer, waitForAnswer } from './built-server.ts';
import { ensureBuild } from './ensure-build.mjs';

// npm run bench: throughput and latency on loopback with autocannon, against the production build.
// Crawler SSR, human SSR and the very same bytes served as a static file by the same server, for a
// long page (the guide) and an article; form submissions to the embedded store; peak RSS and
// start-up time to the first answer. Prints a table; figures go in docs/performance.md.

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HUMAN_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CRAWLER_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const ROOT = process.cwd();

ensureBuild(ROOT);
const staticDir = path.join(ROOT, 'dist/client/__bench');

const startedAt = performance.now();
// Production settings with the request log on (written to /dev/null: its cost is part of the
// figures); limits per address stay on, and every form post comes from its own address.
const {
  base,
  child: server,
  stop,
} = spawnBuiltServer({
  nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=128 --max-semi-space-size=4').split(' '),
  env: { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '1' },
});

async function firstAnswer(): Promise<number> {
  await waitForAnswer(`${base}/en/`, { 'User-Agent': HUMAN_UA });
  return performance.now() - startedAt;
}

let peakRss = 0;
let runPeakRss = 0;
function sampleRss() {
  try {
    const kb = Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' }).trim(),
    );
    peakRss = Math.max(peakRss, kb * 1024);
    runPeakRss = Math.max(runPeakRss, kb * 1024);
  } catch {
    /* process gone */
  }
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  rssMb: number;
}

async function load(name: string, options: Partial<autocannon.Options>): Promise<Row> {
  runPeakRss = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    ...options,
  } as autocannon.Options);
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    rssMb: runPeakRss / 2 ** 20,
  };
}

/**
 * The JavaScript a person's browser loads for a page before any interaction, gzip-compressed: what
 * it fetches until the app has hydrated (the starter begins after the first paint, so after the
 * load event), then everything else it fetches while left idle (local analytics, after idle).
 */
async function pageJavaScript(pagePath: string): Promise<{ toHydrate: number; idle: number; files: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ userAgent: HUMAN_UA, serviceWorkers: 'block' });
    // The moment the app marks <html data-hydrated>, on the page's own clock.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement.dataset.hydrated) return;
        (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      sizes.set(
        res.url(),
        res
          .body()
          .then((body) => gzipSync(body, { level: 9 }).length)
          .catch(() => 0),
      );
    });
    await page.goto(base + pagePath, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    const requested = await page.evaluate(() => ({
      hydratedAt: (window as unknown as { __hydratedAt: number }).__hydratedAt,
      scripts: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })),
    }));
    let toHydrate = 0;
    let all = 0;
    for (const [url, size] of sizes) {
      const bytes = await size;
      all += bytes;
      const start = requested.scripts.find((s) => s.url === url)?.start ?? 0;
      if (start < requested.hydratedAt) toHydrate += bytes;
    }
    return { toHydrate, idle: all, files: sizes.size };
  } finally {
    await browser.close();
  }
}

const startup = await firstAnswer();
const homeJs = await pageJavaScript('/en/');
const sampler = setInterval(sampleRss, 200);
mkdirSync(staticDir, { recursive: true });
const rows: Row[] = [];
const ratios: string[] = [];
try {
  for (const [label, pagePath] of [
    ['guide', '/en/guide'],
    ['article', '/en/blog/ultimate-geo-guide-2025'],
  ] as const) {
    // The same bytes as a static file: the crawler render, saved and served by express.static.
    const crawlerHtml = await (
      await fetch(base + pagePath, { headers: { 'User-Agent': CRAWLER_UA } })
    ).text();
    writeFileSync(path.join(staticDir, `${label}.html`), crawlerHtml);
    const staticRow = await load(`${label}: static file (same bytes)`, {
      url: `${base}/__bench/${label}.html`,
    });
    const crawlerRow = await load(`${label}: crawler SSR (cached)`, {
      url: base + pagePath,
      headers: { 'user-agent': CRAWLER_UA },
    });
    let n = 0;
    const uncachedRow = await load(`${label}: crawler SSR (uncached)`, {
      url: base + pagePath,
      headers: { 'user-agent': CRAWLER_UA },
      requests: [
        { setupRequest: (req: autocannon.Request) => ({ ...req, path: `${pagePath}?bench=${n++}` }) },
      ],
    } as Partial<autocannon.Options>);
    const humanRow = await load(`${label}: human SSR`, {
      url: base + pagePath,
      headers: { 'user-agent': HUMAN_UA },
    });
    rows.push(staticRow, crawlerRow, uncachedRow, humanRow);
    ratios.push(
      `${label}: crawler/static ${((crawlerRow.rps / staticRow.rps) * 100).toFixed(0)}% (budget ≥ 80%), ` +
        `uncached crawler/static ${((uncachedRow.rps / staticRow.rps) * 100).toFixed(0)}%, ` +
        `human/static ${((humanRow.rps / staticRow.rps) * 100).toFixed(0)}% (budget ≥ 50%), cached/uncached ${(crawlerRow.rps / uncachedRow.rps).toFixed(1)}x`,
    );
  }
  let i = 0;
  rows.push(
    await load('form: POST /api/newsletter (embedded store)', {
      url: `${base}/api/newsletter`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req: autocannon.Request) => {
            const n = i++;
            return {
              ...req,
              headers: {
                ...req.headers,
                'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({ email: `bench${n}@example.com` }),
            };
          },
        },
      ],
    } as Partial<autocannon.Options>),
  );
} finally {
  clearInterval(sampler);
  sampleRss();
  stop();
  rmSync(staticDir, { recursive: true, force: true });
}

const pad = (s: string, n: number) => s.padEnd(n);
console.log(
  `\nMachine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s per run\n`,
);
console.log(
  `${pad('run', 46)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('bytes', 9)}${pad('RSS MB', 9)}errors`,
);
for (const r of rows) {
  console.log(
    `${pad(r.name, 46)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${pad(r.bytes.toFixed(0), 9)}${pad(r.rssMb.toFixed(0), 9)}${r.errors}`,
  );
}
console.log('');
for (const line of ratios) console.log(line);
console.log(`peak RSS under load: ${(peakRss / 2 ** 20).toFixed(0)} MB (budget < 200 MB)`);
console.log(`start-up to first answer: ${startup.toFixed(0)} ms (budget < 1500 ms)`);
console.log(
  `home page JavaScript (gzip, budget ≤ 130 KB before any interaction): ${(homeJs.toHydrate / 1024).toFixed(1)} KB to hydrate, ` +
    `${(homeJs.idle / 1024).toFixed(1)} KB once idle (with local analytics), in ${homeJs.files} files`,
);

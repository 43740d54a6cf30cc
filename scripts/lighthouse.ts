import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { spawnBuiltServer, waitForAnswer } from './built-server.ts';
import { ensureBuild } from './ensure-build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, KEY_PAGES } from './chromium.ts';

// npm run lighthouse: Lighthouse 13 with Debian's Chromium, mobile settings, against the production
// build on loopback. Lighthouse announces itself in its user agent and isbot counts it as a bot, so
// it is given a normal mobile browser's user agent: it measures the page people get (hydrated app),
// not the crawler render. Each page is audited five times (LIGHTHOUSE_RUNS) and the run with the
// median performance score is reported, as Lighthouse's documentation advises for a host whose load
// moves the simulated figures. A periodic check, not a gate (issue 39, decision 074): the budgets in
// npm run bench are what a change must meet. Prints the four category scores per page; exits 1 when
// any is below 95 (LIGHTHOUSE_MIN).

const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DEFAULT_PAGES = KEY_PAGES;
// `npm run lighthouse -- /en/faq` measures only the pages given.
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const ROOT = process.cwd();

ensureBuild(ROOT);
const { base, stop } = spawnBuiltServer({ env: { LOG_LEVEL: 'warn' } });

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

/** One Lighthouse run; a run that Lighthouse itself reports as failed (runtimeError) is retried once. */
async function audit(page: string, attempt = 1): Promise<LighthouseResult> {
  const result = await lighthouse(
    base + page,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    { extends: 'lighthouse:default', settings: { formFactor: 'mobile', emulatedUserAgent: MOBILE_UA } },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError && attempt < 2) {
    console.log(`${page}: Lighthouse run failed (${lhr.runtimeError.code}); retrying`);
    return audit(page, attempt + 1);
  }
  return lhr;
}

const rows: { url: string; scores: Record<string, number>; failed: string[] }[] = [];
let benchmarkIndex = 0;
try {
  await waitForAnswer(`${base}/healthz`);
  for (const page of PAGES) {
    const runs: LighthouseResult[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(page));
    const byPerformance = [...runs].sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    );
    const lhr = byPerformance[Math.floor((runs.length - 1) / 2)]!;
    // LIGHTHOUSE_REPORT_DIR=dir keeps each page's full JSON report for reading the metrics and traces.
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.replace(/[^a-z0-9]+/gi, '_')}.json`),
        JSON.stringify(lhr),
      );
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    // The audits that cost points, so a score below 100 says what to fix.
    const failed = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    rows.push({ url: page, scores, failed });
    benchmarkIndex = lhr.environment.benchmarkIndex;
    console.log(`${page.padEnd(36)}${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}`);
    if (RUNS > 1)
      console.log(
        `${''.padEnd(36)}performance in ${RUNS} runs: ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')} (median shown)`,
      );
    if (failed.length) console.log(`${''.padEnd(36)}below full marks: ${failed.join(', ')}`);
  }
} finally {
  await chrome.kill();
  stop();
}

// Lighthouse's CPU benchmark of this machine: simulated mobile figures assume a fast desktop (~1000+)
// slowed down 4x; on a slower host the same page shows more blocking time.
console.log(`\nHost CPU benchmark index: ${benchmarkIndex.toFixed(0)}`);
const below = rows.filter((r) => CATEGORIES.some((c) => (r.scores[c] ?? 0) < MIN));
console.log(
  below.length
    ? `\n${below.length} of ${rows.length} pages score below ${MIN} somewhere.`
    : `\nAll ${rows.length} pages score ${MIN} or more in all four categories.`,
);
process.exitCode = below.length ? 1 : 0;

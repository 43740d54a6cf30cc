import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

// Screenshots of pages for a person to look at: npm run screenshots -- [base-url] [paths...]
// Writes .tmp/screenshots/{lang}-{page}-{width}-{theme}.png
const base = process.argv[2] ?? 'http://localhost:3000';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/en/', '/fr/'];
const HUMAN_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const out = '.tmp/screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const errors: string[] = [];
for (const width of [390, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      userAgent: HUMAN_UA,
      colorScheme: theme,
    });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning')
        errors.push(`${page.url()} ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`${page.url()} pageerror: ${err.message}`));
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = path.replace(/^\/|\/$/g, '').replace(/[/?=&]/g, '-') || 'root';
      await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
console.log(errors.length ? errors.join('\n') : 'no console errors or warnings');

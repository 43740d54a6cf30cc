import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sampleAudit, sampleRequests, sampleSavedReport } from '../src/server/email/samples.ts';
import { createVisitorMailRenderer } from '../src/server/email/visitor-mail.ts';
import { LANGUAGES } from '../src/site.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

// The visitor emails for a person to look at: node --import tsx scripts/email-previews.ts
// Writes .tmp/emails/{kind}-{lang}.html and .txt, and PNG screenshots at 390 and 800 px wide
// ({kind}-{lang}-{width}.png). Leads and audits are made up (src/server/email/samples.ts); the page
// is opened with every network request refused, as a careful mail client would.

const out = path.resolve('.tmp/emails');
mkdirSync(out, { recursive: true });

const render = createVisitorMailRenderer({
  siteUrl: 'https://geo-platform.example',
  tokenSecret: Buffer.from('email-previews-secret-not-for-production'),
  audit: sampleAudit,
  savedReport: sampleSavedReport,
});

const files: { name: string; html: string }[] = [];
for (const lang of LANGUAGES) {
  for (const [kind, request] of Object.entries(sampleRequests(lang))) {
    const mail = await render(request);
    const name = `${kind}-${lang}`;
    const headers = Object.entries(mail.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
    writeFileSync(path.join(out, `${name}.html`), mail.html);
    writeFileSync(
      path.join(out, `${name}.txt`),
      [`Subject: ${mail.subject}`, ...headers, '', mail.text].join('\n'),
    );
    files.push({ name, html: mail.html });
    console.log(`${name}: ${mail.subject}`);
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const blocked: string[] = [];
try {
  for (const width of [390, 800]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
    await context.route('**/*', (route) => {
      blocked.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    for (const file of files) {
      await page.setContent(file.html, { waitUntil: 'load' });
      await page.screenshot({ path: path.join(out, `${file.name}-${width}.png`), fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
}

if (blocked.length) {
  console.error(`Remote requests attempted (refused):\n${blocked.join('\n')}`);
  process.exitCode = 1;
}
console.log(
  `Wrote ${files.length} emails and ${files.length * 2} screenshots to ${path.relative('.', out)}/`,
);

import { chromium } from '@playwright/test';
import { spawnBuiltServer, waitForAnswer } from './built-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startPlantedSite } from '../tests/fixtures/planted-site.ts';
const site = await startPlantedSite();
const { base, stop } = spawnBuiltServer({ env: { AUDIT_ALLOWED_HOSTS: site.host, AUDIT_CACHE_SECONDS: '0', AUDIT_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '0' } });
await waitForAnswer(base);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const lang of ['en', 'fr']) for (const [w, h, name] of [[1280, 900, 'desktop'], [390, 844, 'mobile']] as const) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, userAgent: w > 500 ? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' : 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36' });
  const p = await ctx.newPage();
  await p.goto(`${base}/${lang}/tools?url=${encodeURIComponent(`${site.origin}/`)}&pages=10`);
  await p.locator('[data-testid="site-verdict"]').waitFor({ timeout: 30000 });
  const results = p.locator('[data-testid="audit-results"]');
  const box = (await results.boundingBox())!;
  await p.screenshot({ path: `/work/tmp/site-top-${lang}-${name}.png`, fullPage: true, clip: { x: 0, y: box.y, width: w, height: Math.min(name === 'mobile' ? 2400 : 1500, box.height) } });
  await ctx.close();
}
await browser.close(); stop(); await site.close();

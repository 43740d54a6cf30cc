import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Fails a test when the page logs an error or warning (hydration mismatches included). */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      // The 404 screen logs the unknown path on purpose (spec).
      if (text.startsWith('404: no page at')) return;
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
    expect(problems, 'console errors or warnings').toEqual([]);
  },
});

export { expect };

/** Waits until React has hydrated the document (the client entry marks <html>). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * What axe finds on the page as it stands, one line per rule with the elements it names. The page's
 * fade-in (0.35 s) must be over first: axe measures contrast on the colours it sees.
 *
 * Every rule runs. Legacy mode runs them in the page with `axe.run`; the default mode runs them in
 * parts and assembles the result in a second, blank page that loads axe again, which is there for
 * cross-origin frames, and the site has no frames. Measured on 2026-11-29 over eight pages, under
 * load: axe's share of the time went from 68-76 s to 28-31 s, with the same findings.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

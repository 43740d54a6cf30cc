import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { axeViolations, expect, hydrated, test } from './fixtures.ts';

// axe on every page, both languages, light and dark: zero violations. Each page is checked once per
// project: light at desktop width, dark at mobile width, so both schemes and both widths are covered
// without running axe four times over every long page.
const EXTRA_URLS = [
  'blog/ultimate-geo-guide-2025',
  'blog/ai-platform-optimization-strategies',
  'blog?category=Performance',
  'contact?service=content-strategy',
];

for (const lang of LANGUAGES) {
  for (const path of [...PAGES.map((p) => p.path), ...EXTRA_URLS]) {
    const url = localePath(lang, path);
    test(`axe finds nothing on ${url}`, async ({ page: tab, consoleProblems }, info) => {
      void consoleProblems;
      const scheme = info.project.name === 'mobile' ? 'dark' : 'light';
      await tab.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await tab.goto(url);
      await hydrated(tab);
      expect(await axeViolations(tab), `${url} (${scheme})`).toEqual([]);
    });
  }
}

test('axe finds nothing on the 404 page', async ({ page, consoleProblems }) => {
  await page.goto('/fr/introuvable');
  expect(await axeViolations(page)).toEqual([]);
  consoleProblems.length = 0;
});

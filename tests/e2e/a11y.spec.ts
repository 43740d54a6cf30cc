import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { axeViolations, expect, hydrated, test } from './fixtures.ts';

// axe on every page, both languages, light and dark: zero violations. Each page is checked once per
// project: light at desktop width, dark at mobile width, so both schemes and both widths are covered
// without running axe four times over every long page. One browser page visits a few addresses in
// turn (the build's scripts, styles and fonts come from its cache after the first, and the service
// worker installs once) rather than a new browser context for each; a failure names its address and
// the others are still checked (soft assertions).
const EXTRA_URLS = [
  'blog/ultimate-geo-guide-2025',
  'blog/ai-platform-optimization-strategies',
  'blog?category=Performance',
  'contact?service=content-strategy',
];
/** Addresses per test: enough to share a page, few enough that the two workers share the work. */
const PER_TEST = 4;

for (const lang of LANGUAGES) {
  const urls = [...PAGES.map((p) => p.path), ...EXTRA_URLS].map((path) => localePath(lang, path));
  for (let first = 0; first < urls.length; first += PER_TEST) {
    const group = urls.slice(first, first + PER_TEST);
    test(`axe finds nothing on ${group.join(', ')}`, async ({ page: tab, consoleProblems }, info) => {
      void consoleProblems;
      // The time one address had when each had its own test.
      test.setTimeout(info.timeout * group.length);
      const scheme = info.project.name === 'mobile' ? 'dark' : 'light';
      await tab.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      for (const url of group) {
        await tab.goto(url);
        await hydrated(tab);
        expect.soft(await axeViolations(tab), `${url} (${scheme})`).toEqual([]);
      }
    });
  }
}

test('axe finds nothing on the 404 page', async ({ page, consoleProblems }) => {
  await page.goto('/fr/introuvable');
  expect(await axeViolations(page)).toEqual([]);
  consoleProblems.length = 0;
});

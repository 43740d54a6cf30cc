import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { expect, hydrated, test } from './fixtures.ts';

test.describe('shared layout', () => {
  test('switching language keeps the path and stores the choice', async ({
    page,
    consoleProblems,
    isMobile,
  }) => {
    void consoleProblems;
    await page.goto('/en/services?x=1');
    await hydrated(page);
    await page.locator('summary[aria-label^="EN: change language"]').click();
    await page.getByRole('link', { name: 'Français' }).click();
    // The page's own query parameters would go along; `x` is none of them (a tracking or made-up
    // parameter changes nothing a page shows, and is not carried from page to page).
    await expect(page).toHaveURL(/\/fr\/services$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Des services GEO sur mesure');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('fr');
    // The stored choice is used for the root redirect.
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr\/$/);
    void isMobile;
  });

  test('the language menu closes with Escape and returns focus', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/');
    await hydrated(page);
    const summary = page.locator('summary[aria-label^="EN: change language"]');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Français' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Français' })).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('the skip link moves focus to the main content', async ({ page, consoleProblems, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation is a desktop concern');
    void consoleProblems;
    await page.goto('/en/guide');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('the theme toggle cycles light, dark and system, and survives a reload', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/en/');
    await hydrated(page);
    const toggle = page.locator('button[data-theme-choice]');
    await expect(toggle).toHaveAttribute('data-theme-choice', 'system');
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The choice lives in the browser (no cookie): the server sends every person the same page, and
    // the head script applies the choice before the first paint.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('theme');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBg);
    const served = await (await page.request.get('/en/')).text();
    expect(served).toMatch(/<html lang="en" data-visitor="human">/);
    await hydrated(page);
    await page.locator('button[data-theme-choice]').click();
    await expect(page.locator('html')).not.toHaveClass(/\b(dark|light)\b/);
  });

  test('navigation is client-side, scrolls to the top and marks the active item', async ({
    page,
    consoleProblems,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop navigation');
    void consoleProblems;
    await page.goto('/en/');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(/FAQ/);
  });

  test('the head stays one set of tags through navigations, and the footer navigates in the app', async ({
    page,
    consoleProblems,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop navigation');
    void consoleProblems;
    const head = () =>
      page.evaluate(() => ({
        titles: [...document.querySelectorAll('title')].map((t) => t.textContent),
        descriptions: document.head.querySelectorAll('meta[name="description"]').length,
        canonicals: [...document.head.querySelectorAll('link[rel="canonical"]')].map(
          (l) => new URL(l.getAttribute('href') ?? '').pathname,
        ),
        hreflangs: document.head.querySelectorAll('link[rel="alternate"][hreflang]').length,
        graphs: document.head.querySelectorAll('script[type="application/ld+json"]').length,
      }));
    // One of each tag, for the page in the address bar.
    const onePage = (title: string, path: string) => ({
      titles: [expect.stringContaining(title)],
      descriptions: 1,
      canonicals: [path],
      hreflangs: 3,
      graphs: 1,
    });
    await page.goto('/fr/faq');
    await hydrated(page);
    expect(await head()).toEqual(onePage('FAQ', '/fr/faq'));
    // At once, before the browser is idle: the navigation waits for the head's code.
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Guide' })
      .click();
    await expect(page).toHaveURL(/\/fr\/guide$/);
    await expect.poll(head).toEqual(onePage('GEO', '/fr/guide'));
    await page.goBack();
    await expect(page).toHaveURL(/\/fr\/faq$/);
    await expect.poll(head).toEqual(onePage('FAQ', '/fr/faq'));
    // The footer hydrates with the page: its links navigate in the app (the page is not reloaded).
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('footer').getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/fr\/blog$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('a page whose app cannot load stays as the server sent it', async ({ page, isMobile }) => {
    test.skip(isMobile, 'one viewport is enough');
    let refused = 0;
    await page.route(/\/assets\/entry-[\w-]+\.js$/, (route) => {
      refused += 1;
      return route.abort();
    });
    await page.goto('/en/');
    expect(refused).toBe(1);
    await expect(page.locator('h1#home-title')).toBeVisible();
    await expect(page.locator('#glossary')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // Its links still lead where they say, as plain links.
    await page.locator('footer').getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/en\/blog$/);
  });

  test('the mobile menu opens, and closes when an item is chosen', async ({
    page,
    consoleProblems,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the mobile menu');
    void consoleProblems;
    await page.goto('/fr/');
    await hydrated(page);
    const menu = page.locator('summary[aria-label="Menu"]');
    await expect(page.locator('.desktop-nav')).toBeHidden();
    await menu.click();
    const panel = page.locator('.mobile-panel');
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: 'Guide' }).click();
    await expect(page).toHaveURL(/\/fr\/guide$/);
    await expect(panel).toBeHidden();
  });

  for (const lang of LANGUAGES) {
    test(`the mobile menu works on every page (${lang})`, async ({ page, consoleProblems, isMobile }) => {
      test.skip(!isMobile, 'the mobile menu');
      test.setTimeout(90_000);
      void consoleProblems;
      for (const entry of PAGES) {
        const url = localePath(lang, entry.path);
        await page.goto(url);
        await hydrated(page);
        await page.locator('summary[aria-label="Menu"]').click();
        const panel = page.locator('.mobile-panel');
        await expect(panel, url).toBeVisible();
        // Choose an item that leads elsewhere: the panel closes and the page changes without a reload.
        const target = entry.path === 'contact' ? 'guide' : 'contact';
        await panel.locator(`a[href="${localePath(lang, target)}"]`).click();
        await expect(page, url).toHaveURL(new RegExp(`${localePath(lang, target)}$`));
        await expect(panel, url).toBeHidden();
      }
    });
  }

  test('the 404 page offers Return home and Go back', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/guide');
    await hydrated(page);
    const response = await page.goto('/en/this-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/en\/guide$/);
    // Chromium reports the 404 document itself as a failed resource: expected here.
    const expected = consoleProblems.findIndex((p) => p.includes('status of 404'));
    if (expected >= 0) consoleProblems.splice(expected, 1);
  });

  test('French and English pages download only the latin face of the font', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    // French text has œ, which both faces cover: the latin face must win, or 86 KB more load.
    for (const path of ['/fr/', '/fr/guide', '/en/guide']) {
      await page.goto(path);
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready);
      if (path === '/fr/')
        expect(await page.evaluate(() => document.body.innerText.includes('œ'))).toBe(true);
    }
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  });
});

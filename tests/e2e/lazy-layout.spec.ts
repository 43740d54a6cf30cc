import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

// Decision 046: on a new visit, a person's first page lays out only the sections and article blocks
// near the viewport (html.lazy-layout); nothing that needs an exact place ever sees an estimate.

const ARTICLE = '/en/blog/ultimate-geo-guide-2025';

/** Whether the page is still in its lazy layout. */
const lazy = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('lazy-layout'));

/** Whether an element is on screen (at least partly). */
const inView = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
};

/**
 * Whether the browser skips the layout and paint of what the element holds (content-visibility:
 * auto, away from the viewport): its first child is then in skipped content.
 */
const skipped = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((element) => !element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));

/** A new visit to `path` by a person: the app is started and the page is in its lazy layout. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  expect(await lazy(page)).toBe(true);
}

test.describe('lazy layout of the first page', () => {
  test('a new visit lays out what is near the viewport, and the rest as the visitor scrolls to it', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await visit(page, ARTICLE);
    // The article's first and last lists (blocks with elements inside).
    const last = '#article-text > ul:last-of-type';
    expect(await skipped(page, '#article-text > ul:first-of-type')).toBe(false);
    expect(await skipped(page, last)).toBe(true);
    // Scrolling down, as a visitor does, lays out each part as it comes near.
    for (let step = 0; step < 60 && !(await page.locator(last).evaluate(inView)); step++) {
      await page.mouse.wheel(0, 400);
    }
    await expect(page.locator(last)).toBeInViewport();
    expect(await skipped(page, last)).toBe(false);
    expect(await lazy(page)).toBe(true);
  });

  test('the first key ends it, so a jump (End, find in page, Tab) lands where it should', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await visit(page, ARTICLE);
    await page.locator('body').press('End');
    expect(await lazy(page)).toBe(false);
    await expect(page.locator('.site-footer')).toBeInViewport();
  });

  test('an in-page link ends it before the browser scrolls, and lands on its target', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await visit(page, '/en/guide');
    const link = page.locator('main a[href="#case-studies"]').first();
    await link.click();
    await expect(page).toHaveURL(/#case-studies$/);
    expect(await lazy(page)).toBe(false);
    await expect(page.locator('#case-studies h2').first()).toBeInViewport();
  });

  test('an address with a fragment, a reload and a client navigation are laid out in full', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/guide#case-studies');
    await hydrated(page);
    expect(await lazy(page)).toBe(false);
    await expect(page.locator('#case-studies h2').first()).toBeInViewport();

    await visit(page, '/en/guide');
    await page.reload();
    await hydrated(page);
    expect(await lazy(page)).toBe(false);

    await visit(page, '/en/');
    // A link of the hero, which the app renders: a client navigation (the window is the same one).
    await page.evaluate(() => Object.assign(window, { beforeNavigation: true }));
    await page.locator('.home-hero a[href="/en/tools"]').first().click();
    await expect(page).toHaveURL(/\/en\/tools$/);
    await expect(page.locator('#audit-url')).toBeVisible();
    expect(await lazy(page)).toBe(false);
    expect(await page.evaluate(() => 'beforeNavigation' in window)).toBe(true);
  });

  test('crawlers get the usual layout: no head script, no lazy class', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    });
    const page = await context.newPage();
    await page.goto(ARTICLE);
    expect(await lazy(page)).toBe(false);
    expect(await skipped(page, '#article-text > ul:last-of-type')).toBe(false);
    await context.close();
  });
});

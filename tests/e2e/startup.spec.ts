import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

// Decision 074: the app starts the plain way (a module script and its preloads), and nothing a
// visitor does depends on when its code arrives: what they do before the app has started is not lost.

/**
 * Holds the app's entry script until `release` is called: the page stays the server's HTML until
 * then. (The document's DOMContentLoaded waits for module scripts too: the tests wait for the
 * element they use, not for that event.)
 */
async function holdTheApp(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test.describe('before the app has started', () => {
  test('a waitlist button clicked before the app has started opens the dialog once it has', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    const release = await holdTheApp(page);
    await page.goto('/en/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Join the waitlist' }).first().click();
    // Without the app the button is a link to the no-script form.
    await expect(page).toHaveURL(/#waitlist$/);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await hydrated(page);
    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await expect(dialog).toBeVisible();
    // The fragment is gone, so a reload does not open it again; closing it works as usual.
    await expect(page).toHaveURL(/\/en\/$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a table of contents link clicked before the app has started lands on its target, and stays there once it has', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    const release = await holdTheApp(page);
    await page.goto('/en/guide', { waitUntil: 'commit' });
    await page.locator('main a[href="#case-studies"]').first().click();
    await expect(page).toHaveURL(/#case-studies$/);
    const target = page.locator('#case-studies h2').first();
    await expect(target).toBeInViewport();
    release();
    await hydrated(page);
    await expect(page.locator('#case-studies')).toHaveCount(1);
    await expect(target).toBeInViewport();
    // Below the sticky header, not under it.
    const header = (await page.locator('.site-header').boundingBox())!;
    expect((await page.locator('#case-studies').boundingBox())!.y).toBeGreaterThanOrEqual(header.height - 2);
  });

  test('a table of contents link clicked once the app has started lands on its target', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/guide');
    await hydrated(page);
    await page.locator('main a[href="#case-studies"]').first().click();
    await expect(page).toHaveURL(/#case-studies$/);
    await expect(page.locator('#case-studies h2').first()).toBeInViewport();
    const header = (await page.locator('.site-header').boundingBox())!;
    expect((await page.locator('#case-studies').boundingBox())!.y).toBeGreaterThanOrEqual(header.height - 2);
  });
});

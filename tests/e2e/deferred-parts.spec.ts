import { expect, hydrated, loadedChunks, test } from './fixtures.ts';

// Decisions 042 and 047: the parts of a page that need no script (hydrateLater) and the modules only
// a later client navigation needs are loaded once the visitor starts using the page, never for a
// page that is only looked at; until a part's code is here, the page keeps the server's HTML of it.

test.describe('parts loaded when the page is used', () => {
  test('a page only looked at loads none of them; the first sign of use loads them', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/');
    await hydrated(page);
    // The idle-time work (analytics) has run: the browser has been idle since start-up.
    await expect.poll(() => loadedChunks(page)).toContain('analytics');
    const deferred = ['Footer', 'HomeSections', 'namespaces', 'PageHead'];
    for (const name of deferred) expect(await loadedChunks(page)).not.toContain(name);
    // The visitor scrolls (a mouse moved over the page, a key or a touch would do the same).
    await page.mouse.wheel(0, 200);
    await expect
      .poll(async () => {
        const loaded = await loadedChunks(page);
        return deferred.filter((name) => !loaded.includes(name));
      })
      .toEqual([]);
  });

  test('a table of contents link clicked before the sections’ code is here lands on its target, and stays there', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/GuideSections-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/en/guide');
    await hydrated(page);
    await page.locator('main a[href="#case-studies"]').first().click();
    await expect(page).toHaveURL(/#case-studies$/);
    const target = page.locator('#case-studies h2').first();
    await expect(target).toBeInViewport();
    // Below the sticky header, not under it.
    const header = (await page.locator('.site-header').boundingBox())!;
    expect((await page.locator('#case-studies').boundingBox())!.y).toBeGreaterThanOrEqual(header.height - 2);
    // The router's update may make React give up the server's HTML of the sections: the part's
    // fallback is the same markup, so the target is there, once.
    await expect(page.locator('#case-studies')).toHaveCount(1);
    release();
    await expect.poll(() => loadedChunks(page)).toContain('GuideSections');
    // Once the code is here, the sections are the app's, in the same place.
    await expect(page.locator('[style*="contents"] #case-studies')).toHaveCount(0);
    await expect(page.locator('#case-studies')).toHaveCount(1);
    await expect(target).toBeInViewport();
  });
});

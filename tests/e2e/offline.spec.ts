import { expect, hydrated, test } from './fixtures.ts';

test.describe('service worker', () => {
  test.skip(({ isMobile }) => isMobile, 'one browser is enough for the worker');

  test('visited pages open offline, new pages show the offline page in their language, the API is never cached', async ({
    page,
    context,
    consoleProblems,
  }) => {
    await page.goto('/en/guide');
    await hydrated(page);
    await page.waitForFunction(
      async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.active),
      null,
      { timeout: 15_000 },
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    // A page load under the worker's control puts the page in its cache.
    await page.reload();
    await hydrated(page);
    await page.evaluate(() => fetch('/api/visitor').then((r) => r.json()));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('generative engine optimization');

    await page.goto('/fr/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys())
        for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/en/guide');
    expect(cached).toContain('/fr/offline');
    expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    await context.setOffline(false);
    // Offline navigations log failed requests; they are expected here.
    consoleProblems.length = 0;
  });
});

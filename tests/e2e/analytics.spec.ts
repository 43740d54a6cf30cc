import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

// Local analytics in a real browser: nothing is sent anywhere; page views, events and the
// performance record land in this browser's storage, which is opened when the first record is due
// (2 s after load) or earlier when the visitor navigates.

const PREFIX = 'geo.analytics.';

function stored<T>(page: Page, key: string): Promise<T | null> {
  return page.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown,
    PREFIX + key,
  ) as Promise<T | null>;
}

type StoredEvent = {
  event: string;
  properties: { path?: string; lang?: string; sessionId?: string };
  isBot: boolean;
};

test.describe('local analytics', () => {
  test('records the page view and the performance record of a load', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/guide');
    await hydrated(page);
    await page.waitForFunction((k) => localStorage.getItem(k) !== null, `${PREFIX}perf`, { timeout: 15_000 });
    const perf = await stored<{ pageUrl: string; FCP: number | null; TTFB: number | null }[]>(page, 'perf');
    expect(perf).toHaveLength(1);
    expect(perf![0]!.pageUrl).toMatch(/\/en\/guide$/);
    expect(perf![0]!.TTFB).toEqual(expect.any(Number));
    expect(perf![0]!.FCP).toEqual(expect.any(Number));
    const views = (await stored<StoredEvent[]>(page, 'events'))!.filter((e) => e.event === 'page_view');
    expect(views.map((e) => [e.properties.path, e.properties.lang, e.isBot])).toEqual([
      ['/en/guide', 'en', false],
    ]);
    expect(views[0]!.properties.sessionId).toBeTruthy();
    expect((await stored<{ pageViews: number }>(page, 'lang.en'))?.pageViews).toBe(1);
  });

  test('a navigation right after hydration keeps both views, in order', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/guide');
    await hydrated(page);
    // Moving on at once, before analytics has even loaded, still counts the first page. (The hero's
    // link: the footer's hydrates once the page is used, and is a plain link until then.)
    await page.locator('main a[href="/fr/tools"]').first().click();
    await expect(page).toHaveURL(/\/fr\/tools$/);
    await page.waitForFunction(
      (k) => (localStorage.getItem(k) ?? '').includes('/fr/tools'),
      `${PREFIX}events`,
    );
    const views = (await stored<StoredEvent[]>(page, 'events'))!.filter((e) => e.event === 'page_view');
    expect(views.map((e) => e.properties.path)).toEqual(['/fr/guide', '/fr/tools']);
    expect(await stored<{ pageViews: number; bounceRate: number }>(page, 'lang.fr')).toMatchObject({
      pageViews: 2,
      bounceRate: 0,
    });
    // The load's performance record belongs to the page that was loaded.
    await page.waitForFunction((k) => localStorage.getItem(k) !== null, `${PREFIX}perf`, { timeout: 15_000 });
    expect(
      (await stored<{ pageUrl: string }[]>(page, 'perf'))!.map((r) => new URL(r.pageUrl).pathname),
    ).toEqual(['/fr/guide']);
  });
});

import { FIXTURE_ORIGINS } from './servers.ts';
import { expect, hydrated, test } from './fixtures.ts';

// Issue 38, bug 4 (decision 068) in a real browser: the score is what a visitor sees first. A saved
// report opened on a phone shows its score in the first screen, and a finished audit on the Tools
// page brings its heading to the top of the window, not just into view at its bottom edge. Motion
// is reduced, so the scroll is instant and nothing depends on timing.

test.describe('the results lead', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a saved report’s score is in the first screen on a phone', async ({
    page,
    request,
    consoleProblems,
  }) => {
    void consoleProblems;
    const audit = await request.get('/api/audit', {
      params: { url: `${FIXTURE_ORIGINS.good}/`, lang: 'en' },
    });
    expect(audit.status()).toBe(200);
    const { id } = (await audit.json()) as { id: string };
    await page.goto(`/en/tools/report/${id}`);
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const score = await page.getByTestId('overall-score').boundingBox();
    expect(score).not.toBeNull();
    expect(score!.y).toBeGreaterThanOrEqual(0);
    expect(score!.y + score!.height).toBeLessThanOrEqual(844);
    // Keep, share and the email forms come after every check.
    const below = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
    const lastCategory = (await page.getByTestId('category-card').last().boundingBox())!.y;
    expect(await below('report-share')).toBeGreaterThan(lastCategory);
    expect(await below('report-email')).toBeGreaterThan(await below('report-share'));
  });

  for (const lang of ['en', 'fr'] as const) {
    test(`after an audit on the Tools page, the results heading is at the top of the window (${lang})`, async ({
      page,
      consoleProblems,
    }) => {
      void consoleProblems;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/${lang}/tools`);
      await hydrated(page);
      const address = `${FIXTURE_ORIGINS.mediocre}/`;
      await page.locator('#audit-url').fill(address);
      await page.locator('[data-testid="audit-form"] button[type="submit"]').click();
      const heading = page.locator('#results-title');
      await expect(heading).toBeFocused();
      const { top, height } = await heading.evaluate((element) => ({
        top: element.getBoundingClientRect().top,
        height: window.innerHeight,
      }));
      // Below the sticky header (the heading's scroll margin), within the window's top fifth.
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThanOrEqual(height / 5);
      // The first results page offers the report's email and the monthly re-check, for this report.
      const link = await page.getByTestId('report-share').locator('input[readonly]').inputValue();
      const id = /\/tools\/report\/([0-9a-f]{32})$/.exec(link)?.[1];
      expect(id).toBeDefined();
      for (const form of ['report-email', 'report-recheck']) {
        await expect(page.getByTestId(form).locator('input[name="report"]')).toHaveValue(id!);
      }
    });
  }
});

import { expect, hydrated, test } from './fixtures.ts';

test.describe('blog', () => {
  test('search, category and clear filters update the list and the address without a reload', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/blog');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const all = page.locator('section[aria-labelledby="all-title"]');
    await expect(all.locator('article')).toHaveCount(6);

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('robots');
    await expect(page).toHaveURL(/\/en\/blog\?q=robots$/);
    await expect(all.locator('article')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Featured articles' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Legal', exact: true }).click();
    await expect(page).toHaveURL(/q=robots&category=Legal/);
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();

    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/en\/blog$/);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
    await expect(all.locator('article')).toHaveCount(6);

    await page.getByRole('link', { name: 'Technical', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Technical Articles' })).toBeVisible();
    await expect(page.getByText('1 article', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('a shared filtered address opens filtered', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/blog?category=Legal');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Articles\u00a0: Juridique' })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="all-title"] article')).toHaveCount(1);
  });

  test('open an article, follow a related article, go back to the list', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/blog');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page
      .locator('section[aria-labelledby="all-title"]')
      .getByRole('link', { name: /ultimate guide to generative engine optimization/i })
      .click();
    await expect(page).toHaveURL(/\/en\/blog\/ultimate-geo-guide-2025$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('The ultimate guide');
    await expect(page).toHaveTitle(/The ultimate guide/);
    const related = page.locator('section[aria-labelledby="related-title"] article');
    const count = await related.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    const relatedLink = related.first().getByRole('link');
    const relatedTitle = (await relatedLink.textContent())!;
    await relatedLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(relatedTitle);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.getByRole('link', { name: 'Back to all articles' }).click();
    await expect(page).toHaveURL(/\/en\/blog$/);
  });

  test('an article opened directly keeps its text through hydration, and the next article brings its own', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/fr/blog/ultimate-geo-guide-2025');
    await hydrated(page);
    const text = page.locator('#article-text');
    await expect(text.getByRole('heading', { level: 2 }).first()).toHaveText(/Qu’est-ce que le GEO/);
    const served = await text.innerHTML();
    expect(served.length).toBeGreaterThan(5000);
    const related = page
      .locator('section[aria-labelledby="related-title"] article')
      .first()
      .getByRole('link');
    const title = (await related.textContent())!;
    await related.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(text).not.toHaveText('');
    expect(await text.innerHTML()).not.toBe(served);
    await page.goBack();
    await expect(page).toHaveURL(/ultimate-geo-guide-2025$/);
    await expect(text.getByRole('heading', { level: 2 }).first()).toHaveText(/Qu’est-ce que le GEO/);
  });

  test('“Share this article” copies the link and says so when the Web Share API is missing', async ({
    page,
    context,
    consoleProblems,
    browserName,
  }) => {
    void consoleProblems;
    void browserName;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.goto('/fr/blog/brands-primary-sources-ai-2025');
    await hydrated(page);
    await page.getByRole('button', { name: 'Partager l’article' }).click();
    await expect(page.getByText('Lien copié')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/fr\/blog\/brands-primary-sources-ai-2025$/,
    );
  });

  test('“Share this article” uses the Web Share API when the browser has it', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        value: (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
          return Promise.resolve();
        },
        configurable: true,
      });
    });
    await page.goto('/en/blog/ai-visibility-tracking-guide');
    await hydrated(page);
    await page.getByRole('button', { name: 'Share this article' }).click();
    const shared = await page.evaluate(
      () => (window as unknown as { shared: { url: string; title: string }[] }).shared,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]!.url).toMatch(/\/en\/blog\/ai-visibility-tracking-guide$/);
  });

  test('the newsletter stores the email and asks to confirm it', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/blog');
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Email address' }).fill(`news-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Almost there: confirm your subscription 📬')).toBeVisible();
  });
});

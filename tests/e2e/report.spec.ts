import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FIXTURE_ORIGINS, MAIL_SINK } from '../../playwright.config.ts';
import { expect, hydrated, test } from './fixtures.ts';

// Saved reports (issue 23) in a real browser: an audit run on the Tools page gets a permanent link
// that copies, opens in the other language, passes axe, and prints as the report alone.

/** Runs an audit of the good fixture site on the Tools page and returns its permanent link. */
async function auditOnToolsPage(page: Page): Promise<string> {
  await page.goto('/en/tools');
  await hydrated(page);
  await page.getByLabel('Website address').fill(`${FIXTURE_ORIGINS.good}/`);
  await page.locator('[data-testid="audit-form"] button[type="submit"]').click();
  const share = page.getByTestId('report-share');
  await expect(share).toBeVisible();
  return share.getByLabel('Permanent link').inputValue();
}

test.describe('saved reports', () => {
  test('a report’s permanent link copies, and opens in either language', async ({
    page,
    context,
    consoleProblems,
  }) => {
    void consoleProblems;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const link = await auditOnToolsPage(page);
    expect(link).toMatch(/\/en\/tools\/report\/[0-9a-f]{32}$/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByTestId('report-share').getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await page.goto(new URL(link).pathname.replace('/en/', '/fr/'));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Audit de citation IA de ${FIXTURE_ORIGINS.good}/`,
    );
    await expect(page.getByRole('link', { name: 'Télécharger en Markdown' })).toHaveAttribute(
      'href',
      /\/fr\/tools\/report\/[0-9a-f]{32}\.md$/,
    );
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('prints the report alone: no navigation, no buttons, every check shown', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    const link = await auditOnToolsPage(page);
    await page.goto(new URL(link).pathname);
    await hydrated(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.getByTestId('report-share')).toBeHidden();
    // Roles are only given to what is rendered: no button is left on the printed page.
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('overall-score')).toBeVisible();
    // Every check of every category is printed.
    const checks = page.locator('[data-testid="audit-results"] [data-item][data-status]');
    expect(await checks.count()).toBeGreaterThan(20);
    for (const check of await checks.all()) await expect(check).toBeVisible();
    await expect(page).toHaveTitle(
      new RegExp(`AI citation audit of ${new URL(FIXTURE_ORIGINS.good).host}, `),
    );
  });

  test('“Email me this report” is on the report, labelled, axe-clean, and sends the report', async ({
    page,
    request,
    consoleProblems,
  }) => {
    void consoleProblems;
    const link = await auditOnToolsPage(page);
    await page.goto(new URL(link).pathname);
    await hydrated(page);
    const card = page.getByTestId('report-email');
    await expect(card.getByRole('heading', { level: 2, name: 'Email me this report' })).toBeVisible();
    const address = `e2e-report-${Date.now()}@example.org`;
    await card.getByLabel('Your email address').fill(address);
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await card.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByText('Report on its way 📬')).toBeVisible();
    await expect(card.getByLabel('Your email address')).toHaveValue('');
    const sink = `http://127.0.0.1:${MAIL_SINK.httpPort}/messages?to=${encodeURIComponent(address)}`;
    await expect
      .poll(async () => ((await (await request.get(sink)).json()) as unknown[]).length, { timeout: 20_000 })
      .toBe(1);
  });

  test('an id that leads nowhere gets a friendly page in its language', async ({ page }) => {
    const res = await page.goto(`/fr/tools/report/${'0'.repeat(32)}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ce rapport n’est pas disponible');
    await expect(page.getByRole('link', { name: 'Lancer un nouvel audit' })).toHaveAttribute(
      'href',
      '/fr/tools',
    );
  });
});

import type { Page } from '@playwright/test';
import { FIXTURE_ORIGINS } from './servers.ts';
import { axeViolations, expect, hydrated, test } from './fixtures.ts';
import { mailTo } from './mail.ts';

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
  return share.getByLabel('Report link').inputValue();
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
    expect(await axeViolations(page)).toEqual([]);
    // Its call to action opens the waitlist dialog, as on the Tools page, with the audited site filled in.
    await page.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel(/Site web/)).toHaveValue(`${FIXTURE_ORIGINS.good}/`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
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
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByText('Report on its way 📬')).toBeVisible();
    await expect(card.getByLabel('Your email address')).toHaveValue('');
    const mail = await mailTo(request, address);
    expect(mail.headers.get('subject')).toBe('Your AI citation audit of 127.0.0.1');
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

/** axe's violations on the page as it is now, one line each (none expected). */

// The monthly re-check's subscription as a person lives it (decision 032), with and without
// JavaScript: the form on the report, the opt-in email, its confirmation link, the unsubscribe link
// and its button. (The monthly re-check itself runs with a clock of the tests' own: tests/integration.)
for (const javaScriptEnabled of [true, false]) {
  test.describe(`monthly re-checks ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('asked for on the report, confirmed from the email, stopped with its link', async ({
      page,
      request,
      consoleProblems,
      isMobile,
    }) => {
      test.skip(isMobile, 'the flow does not depend on the viewport');
      void consoleProblems;
      // The audit runs through the page's script; without it, the API saves the same report.
      const audit = await request.get('/api/audit', {
        params: { url: `${FIXTURE_ORIGINS.good}/`, lang: 'fr' },
      });
      expect(audit.status()).toBe(200);
      const { id } = (await audit.json()) as { id: string };
      await page.goto(`/fr/tools/report/${id}`);
      if (javaScriptEnabled) await hydrated(page);
      const card = page.getByTestId('report-recheck');
      await expect(
        card.getByRole('heading', { level: 2, name: 'Faire vérifier ce site chaque mois' }),
      ).toBeVisible();
      const address = `e2e-recheck-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.org`;
      await card.getByLabel('Votre adresse e-mail').fill(address);
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Vérifier chaque mois' }).click();
      await expect(page.getByText('Consultez votre boîte de réception').first()).toBeVisible();

      const mail = await mailTo(request, address);
      expect(mail.headers.get('subject')).toBe('Confirmez la vérification mensuelle de 127.0.0.1');
      const confirm = new URL(
        /https?:\/\/\S+?\/tools\/recheck\/confirm\?id=[0-9a-f]{32}/.exec(mail.text)![0],
      );
      const unsubscribe = new URL(/<([^>]+)>/.exec(mail.headers.get('list-unsubscribe') ?? '')![1]!);

      await page.goto(confirm.pathname + confirm.search);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Votre vérification mensuelle est activée',
      );
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Ouvrir le dernier rapport' }).click();
      await expect(page).toHaveURL(new RegExp(`/fr/tools/report/${id}$`));

      await page.goto(unsubscribe.pathname + unsubscribe.search);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Arrêter la vérification mensuelle\u202f?',
      );
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Arrêter la vérification mensuelle' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'La vérification mensuelle est arrêtée',
      );
    });
  });
}

test.describe('printing', () => {
  test('a report printed from dark mode uses the light palette: every text readable on paper', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    const link = await auditOnToolsPage(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(new URL(link).pathname);
    await hydrated(page);
    // The visitor chose dark (the toggle's class), on a system in dark mode too.
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    const muted = () =>
      page
        .locator('.muted')
        .first()
        .evaluate((el) => getComputedStyle(el).color);
    expect(await muted()).toBe('rgb(163, 174, 200)');
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    expect(await muted()).toBe('rgb(71, 85, 105)');
    // axe reads the printed page's colours: no text too pale for white paper.
    expect(await axeViolations(page)).toEqual([]);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

// The free AI citation audit (/{lang}/tools): form rules, the simulated 3-second run with its
// progress bar at 66, the sample report, the visitor card and the no-JavaScript path.

const submit = (page: Page) => page.locator('[data-testid="audit-form"] button[type="submit"]');

test.describe('tools: the free audit', () => {
  test('Analyze is disabled while the address is empty', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    const input = page.getByLabel('Website address');
    await expect(input).toHaveAttribute('type', 'url');
    await expect(input).toHaveAttribute('name', 'url');
    await expect(input).toHaveAttribute('required', '');
    await expect(input).toHaveAttribute('placeholder', 'https://www.example.com');
    await expect(submit(page)).toBeDisabled();
    await input.fill('https://example.com');
    await expect(submit(page)).toBeEnabled();
    await input.fill('   ');
    await expect(submit(page)).toBeDisabled();
  });

  test('a run holds the progress bar at 66 for about 3 seconds, then shows the report', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    // The page's clock is driven by the test: the 3-second analysis is stepped through, not waited for.
    await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
    await page.goto('/en/tools');
    await hydrated(page);
    await page.clock.pauseAt(new Date('2026-06-01T09:10:00Z'));
    await page.getByLabel('Website address').fill('https://example.com');
    await submit(page).click();

    const bar = page.getByRole('progressbar', { name: 'Analysis progress' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '66');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(submit(page)).toBeDisabled();
    await expect(submit(page)).toHaveText('Analyzing…');
    await expect(page.getByTestId('audit-status')).toHaveText(
      /^Analysis started for https:\/\/example\.com\//,
    );
    // Just before the 3 seconds are up: still analysing and still at 66.
    await page.clock.runFor(2_990);
    await expect(bar).toHaveAttribute('aria-valuenow', '66');
    await expect(page.getByTestId('audit-results')).toHaveCount(0);

    await page.clock.runFor(20);
    const heading = page.getByRole('heading', { level: 2, name: 'Sample report for https://example.com/' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(bar).toHaveCount(0);
    await expect(page.getByTestId('audit-status')).toHaveText(
      'Analysis complete. Overall score: 86 out of 100.',
    );
    await expect(page).toHaveURL(/\/en\/tools\?url=https%3A%2F%2Fexample\.com%2F$/);
    await expect(submit(page)).toBeEnabled();

    // Overall score: the rounded mean (92, 84, 78, 88 → 86), yellow, with the 75-89 message.
    const score = page.getByTestId('overall-score');
    await expect(score).toHaveText('86');
    await expect(score).toHaveAttribute('data-band', 'yellow');
    await expect(score).toHaveClass(/text-\[var\(--warn\)\]/);
    await expect(page.getByTestId('overall-message')).toHaveText(/^Good optimization/);
    await expect(page.getByText('Sample report preview')).toBeVisible();
    await expect(page.getByTestId('audit-results').getByText(/delivered in under 60 minutes/)).toBeVisible();

    // Four category cards, each with its status badge: default for excellent, secondary for good.
    const cards = page.getByTestId('category-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0).getByRole('heading', { level: 3 })).toHaveText('AI crawler access');
    await expect(cards.nth(0).locator('.badge').first()).toHaveText('Excellent');
    await expect(cards.nth(0).locator('.badge').first()).toHaveClass('badge');
    await expect(cards.nth(1).locator('.badge').first()).toHaveText('Good');
    await expect(cards.nth(1).locator('.badge').first()).toHaveClass('badge badge-secondary');
    // Items carry pass / warning / fail badges, and recommendations where they have one.
    await expect(page.locator('[data-status="pass"] .badge-success').first()).toHaveText('Pass');
    await expect(page.locator('[data-status="warning"] .badge-warning').first()).toHaveText('Warning');
    await expect(page.locator('[data-status="fail"] .badge-destructive').first()).toHaveText('Fail');
    await expect(page.locator('[data-item="llmsTxt"]')).toContainText('Recommendation:');

    // Next steps lead to the guide and the services.
    const next = page.getByRole('region', { name: 'Next steps' });
    await expect(next.getByRole('link', { name: 'Read the GEO guide' })).toHaveAttribute('href', '/en/guide');
    await expect(next.getByRole('link', { name: 'See our services' })).toHaveAttribute(
      'href',
      '/en/services',
    );

    // The address can be shared: reloading it renders the same report straight away.
    await page.reload();
    await expect(page.getByTestId('overall-score')).toHaveText('86');
    await expect(page.getByLabel('Website address')).toHaveValue('https://example.com/');
  });

  test('the keyboard runs the audit and focus follows the result', async ({
    page,
    consoleProblems,
    isMobile,
  }) => {
    test.skip(isMobile, 'keyboard use is a desktop concern');
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    await page.getByLabel('Website address').focus();
    await page.keyboard.type('https://www.example.org/pricing');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { name: 'Analyzing https://www.example.org/pricing' }),
    ).toBeFocused();
    await expect(
      page.getByRole('heading', { name: 'Sample report for https://www.example.org/pricing' }),
    ).toBeFocused({ timeout: 6000 });
  });

  test('an address that is not http(s) is refused with a message', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    const input = page.getByLabel('Website address');
    await input.fill('javascript:alert(1)');
    await submit(page).click();
    await expect(page.getByText(/^Enter a full web address starting with http/)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByTestId('audit-results')).toHaveCount(0);
  });

  test('the visitor card says the test browser is a human', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    const card = page.getByRole('region', { name: 'Who is reading this page?' });
    await expect(card).toHaveAttribute('data-visitor-kind', 'human');
    await expect(card).toContainText('You are a human visitor');
    await expect(card).toContainText('Human');
    await expect(card).toContainText('GPTBot');
  });

  test('French labels on /fr/tools', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/tools');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit de citation IA gratuit');
    await expect(submit(page)).toHaveText('Analyser');
    await expect(page.getByRole('region', { name: /Qui lit cette page/ })).toContainText(
      'Vous êtes un visiteur humain',
    );
    await page.getByLabel('Adresse de votre site').fill('https://exemple.fr');
    await submit(page).click();
    await expect(page.getByRole('progressbar', { name: 'Progression de l’analyse' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    );
    await expect(submit(page)).toHaveText('Analyse en cours…');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Rapport d’exemple pour https://exemple.fr/' }),
    ).toBeVisible({ timeout: 6000 });
    await expect(page.getByRole('heading', { level: 3, name: 'Score global' })).toBeVisible();
    await expect(page.getByTestId('overall-message')).toHaveText(/^Bonne optimisation/);
    await expect(page.getByTestId('category-card').nth(0).locator('.badge').first()).toHaveText('Excellent');
    await expect(page.getByTestId('category-card').nth(1).locator('.badge').first()).toHaveText('Bon');
    await expect(page.locator('[data-status="pass"] .badge').first()).toHaveText('Conforme');
    await expect(page.getByRole('link', { name: 'Lire le guide GEO' })).toHaveAttribute('href', '/fr/guide');
    await expect(page.getByRole('link', { name: 'Voir nos services' })).toHaveAttribute(
      'href',
      '/fr/services',
    );
  });
});

test('axe finds nothing in the running and report states, light and dark', async ({
  page,
  consoleProblems,
  isMobile,
}) => {
  test.skip(isMobile, 'one viewport is enough for the rules axe checks');
  test.setTimeout(60_000);
  void consoleProblems;
  const violations = async (label: string) => {
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      label,
    ).toEqual([]);
  };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/fr/tools');
    await hydrated(page);
    await page.getByLabel('Adresse de votre site').fill('https://exemple.fr');
    await submit(page).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await violations(`running (${scheme})`);
    await page.goto('/en/tools?url=https%3A%2F%2Fexample.com');
    await hydrated(page);
    await violations(`report (${scheme})`);
    await page.goto('/en/tools?url=ftp%3A%2F%2Fexample.com');
    await hydrated(page);
    await violations(`invalid address (${scheme})`);
  }
});

test.describe('tools without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the report for ?url= is rendered by the server', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools?url=https%3A%2F%2Fexample.com');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Sample report for https://example.com/' }),
    ).toBeVisible();
    await expect(page.getByTestId('overall-score')).toHaveText('86');
    await expect(page.getByTestId('category-card')).toHaveCount(4);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('submitting the form reloads the page with the report', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/tools');
    // Without JavaScript, Analyze is a plain submit button: never disabled by the page.
    await expect(submit(page)).toBeEnabled();
    await page.getByLabel('Adresse de votre site').fill('https://www.exemple.fr/tarifs');
    await submit(page).click();
    await expect(page).toHaveURL(/\/fr\/tools\?url=https%3A%2F%2Fwww\.exemple\.fr%2Ftarifs$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Rapport d’exemple pour https://www.exemple.fr/tarifs' }),
    ).toBeVisible();
  });

  test('a hostile or invalid address is shown as text or refused', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto(
      '/en/tools?url=' + encodeURIComponent('https://example.com/"><img src=x onerror=alert(1)>'),
    );
    const heading = page.locator('#results-title');
    await expect(heading).toContainText('Sample report for https://example.com/');
    await expect(heading.locator('img')).toHaveCount(0);
    await page.goto('/en/tools?url=' + encodeURIComponent('javascript:alert(1)'));
    await expect(page.getByTestId('audit-results')).toHaveCount(0);
    await expect(page.getByText(/^Enter a full web address starting with http/)).toBeVisible();
  });
});

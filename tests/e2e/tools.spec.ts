import type { Page } from '@playwright/test';
import { FIXTURE_ORIGINS } from './servers.ts';
import { axeViolations, expect, hydrated, test } from './fixtures.ts';

// The free AI citation audit (/{lang}/tools) against the fixture sites served on loopback
// (tests/fixtures/audit-sites.ts, started by tests/e2e/global-setup.ts): form rules, progress streamed
// from the server, reports with evidence, failures, the visitor card and the no-JavaScript path.

const submit = (page: Page) => page.locator('[data-testid="audit-form"] button[type="submit"]');

test.describe('tools: the free audit', () => {
  test('Analyze is disabled while the address is empty', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    const input = page.getByLabel('Website address');
    // A text field with a URL keyboard: a browser's url type would refuse a bare "brewlab.com".
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveAttribute('inputmode', 'url');
    await expect(input).toHaveAttribute('name', 'url');
    await expect(input).toHaveAttribute('required', '');
    await expect(input).toHaveAttribute('placeholder', 'https://www.example.com');
    await expect(submit(page)).toBeDisabled();
    await input.fill('https://example.com');
    await expect(submit(page)).toBeEnabled();
    await input.fill('   ');
    await expect(submit(page)).toBeDisabled();
  });

  test('a bare domain is audited as its https:// address (issue 38)', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    await page.getByLabel('Website address').fill('brewlab.com');
    await submit(page).click();
    // No form error: the address is read as https://brewlab.com/, which this offline machine cannot
    // reach (or the test server does not allow), and the answer names that address.
    await expect(page.getByTestId('audit-error')).toContainText('https://brewlab.com/');
    await expect(page).toHaveURL(/\/en\/tools\?url=https%3A%2F%2Fbrewlab\.com%2F$/);
  });

  test('an audit shows its steps as they complete, then the report of the real site', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    const address = `${FIXTURE_ORIGINS.good}/`;
    // The first answer of the audit stream is held back, so the running state can be looked at.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/audit?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Website address').fill(address);
    await submit(page).click();

    const progress = page.getByTestId('audit-progress');
    await expect(progress.getByRole('heading', { name: `Auditing ${address}` })).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'Audit progress' })).toHaveAttribute('value', '0');
    await expect(progress.locator('[data-step]')).toHaveCount(7);
    await expect(submit(page)).toBeDisabled();
    await expect(submit(page)).toHaveText('Analyzing…');
    await expect(page.getByTestId('audit-status')).toHaveText(`Audit started for ${address}.`);
    release();

    const heading = page.getByRole('heading', { level: 2, name: `AI citation audit of ${address}` });
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(
      new RegExp(`/en/tools\\?url=${encodeURIComponent(address).replace(/\./g, '\\.')}$`),
    );
    const overall = Number(await page.getByTestId('overall-score').textContent());
    await expect(page.getByTestId('audit-status')).toHaveText(
      `Audit complete. Overall score: ${overall}\u00a0out of 100.`,
    );
    const cards = page.getByTestId('category-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0).getByRole('heading', { level: 3 })).toHaveText('AI crawler access');
    await expect(cards.nth(0).locator('[data-testid="category-score"]')).toHaveText('100');
    // Evidence from the site itself: the robots.txt group that lets AI search crawlers in.
    await expect(page.locator('[data-item="aiSearchAgents"]')).toContainText('User-agent: *');
    await expect(page.locator('[data-item="https"]')).toHaveAttribute('data-status', 'fail');
    await expect(page.locator('[data-item="https"]')).toContainText('Recommendation:');
    // Whether each answer engine can use the page leads the report, each with its operator's documentation.
    const engines = page.getByTestId('engines');
    await expect(engines.getByRole('heading', { level: 3 })).toHaveText('Can answer engines use this page?');
    await expect(engines.locator('[data-engine]')).toHaveCount(5);
    await expect(engines.locator('[data-engine="chatgpt"]')).toHaveAttribute('data-status', 'yes');
    await expect(
      engines.getByRole('link', { name: 'Operator’s documentation for Microsoft Copilot (Bing)' }),
    ).toHaveAttribute('href', /^https:\/\/blogs\.bing\.com\//);
    // How the page was read opens the report; a check that does not apply says so, without advice.
    await expect(page.getByTestId('page-type')).toHaveText(
      'Read as a home page, from its Organization markup.',
    );
    const product = page.locator('[data-item="product"]');
    await expect(product).toHaveAttribute('data-status', 'notApplicable');
    await expect(product.locator('.badge')).toHaveText('Not applicable');
    await expect(product).toContainText('Does not apply to a home page.');
    await expect(product).not.toContainText('Recommendation:');

    // Next steps lead to the guide and the services.
    const next = page.getByRole('region', { name: 'Next steps' });
    await expect(next.getByRole('link', { name: 'Read the GEO guide' })).toHaveAttribute('href', '/en/guide');

    // The address can be shared: opening it renders the same report on the server.
    await page.unroute('**/api/audit?**');
    await page.reload();
    await expect(page.getByTestId('overall-score')).toHaveText(String(overall));
    await expect(page.getByLabel('Website address')).toHaveValue(address);
  });

  test('a site that blocks AI crawlers gets a failing verdict with the robots.txt line', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto(`/en/tools?url=${encodeURIComponent(`${FIXTURE_ORIGINS.blockAll}/`)}`);
    await hydrated(page);
    const item = page.locator('[data-item="aiSearchAgents"]');
    await expect(item).toHaveAttribute('data-status', 'fail');
    await expect(item).toContainText('OAI-SearchBot');
    await expect(item).toContainText('Disallow: /');
  });

  test('a failure says why in the page language and keeps the address', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/tools');
    await hydrated(page);
    const address = `${FIXTURE_ORIGINS.notHtml}/`;
    await page.getByLabel('Adresse de votre site').fill(address);
    await submit(page).click();
    const error = page.getByTestId('audit-error');
    await expect(error).toHaveAttribute('data-reason', 'notHtml');
    await expect(error.getByRole('heading', { name: 'Impossible d’auditer cette adresse' })).toBeFocused();
    await expect(error).toContainText('n’est pas une page web (HTML)');
    await expect(page.getByLabel('Adresse de votre site')).toHaveValue(address);
    await expect(error.getByRole('button', { name: 'Réessayer' })).toBeVisible();
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
    await page.keyboard.type(`${FIXTURE_ORIGINS.good}/start`);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { name: `AI citation audit of ${FIXTURE_ORIGINS.good}/start` }),
    ).toBeFocused();
  });

  test('an address that is not http(s) is refused with a message', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools');
    await hydrated(page);
    const input = page.getByLabel('Website address');
    await input.fill('javascript:alert(1)');
    await submit(page).click();
    await expect(page.getByText(/^Enter a web address, such as www.example.com/)).toBeVisible();
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

  test('French labels and report on /fr/tools', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/tools');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit de citation IA gratuit');
    await expect(submit(page)).toHaveText('Analyser');
    await expect(page.getByRole('region', { name: /Qui lit cette page/ })).toContainText(
      'Vous êtes un visiteur humain',
    );
    const address = `${FIXTURE_ORIGINS.blockTraining}/`;
    await page.getByLabel('Adresse de votre site').fill(address);
    await submit(page).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Audit de citation IA de ${address}` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Score global' })).toBeVisible();
    // Training crawlers blocked: the site's choice, reported for information and not penalised.
    const training = page.locator('[data-item="trainingAgents"]');
    await expect(training).toHaveAttribute('data-status', 'info');
    await expect(training.locator('.badge')).toHaveText('Pour information');
    await expect(training).toContainText('GPTBot');
    await expect(page.locator('[data-status="pass"] .badge').first()).toHaveText('Conforme');
    await expect(page.getByRole('link', { name: 'Lire le guide GEO' })).toHaveAttribute('href', '/fr/guide');
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
    expect(await axeViolations(page), label).toEqual([]);
  };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/fr/tools');
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/audit?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Adresse de votre site').fill(`${FIXTURE_ORIGINS.good}/`);
    await submit(page).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await violations(`running (${scheme})`);
    release();
    await expect(page.getByTestId('audit-results')).toBeVisible();
    await page.unroute('**/api/audit?**');
    await page.goto(`/en/tools?url=${encodeURIComponent(`${FIXTURE_ORIGINS.good}/`)}`);
    await hydrated(page);
    await violations(`report (${scheme})`);
    await page.goto(`/fr/tools?url=${encodeURIComponent(`${FIXTURE_ORIGINS.notHtml}/`)}`);
    await hydrated(page);
    await violations(`failed audit (${scheme})`);
    await page.goto('/en/tools?url=ftp%3A%2F%2Fexample.com');
    await hydrated(page);
    await violations(`invalid address (${scheme})`);
  }
});

test.describe('tools without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the report for ?url= is rendered by the server', async ({ page, consoleProblems }) => {
    void consoleProblems;
    const address = `${FIXTURE_ORIGINS.good}/`;
    await page.goto(`/en/tools?url=${encodeURIComponent(address)}`);
    await expect(
      page.getByRole('heading', { level: 2, name: `AI citation audit of ${address}` }),
    ).toBeVisible();
    await expect(page.getByTestId('category-card')).toHaveCount(4);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('submitting the form reloads the page with the report', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/tools');
    // Without JavaScript, Analyze is a plain submit button: never disabled by the page.
    await expect(submit(page)).toBeEnabled();
    const address = `${FIXTURE_ORIGINS.redirects}/one`;
    await page.getByLabel('Adresse de votre site').fill(address);
    await submit(page).click();
    await expect(page).toHaveURL(/\/fr\/tools\?url=http/);
    await expect(
      page.getByRole('heading', { level: 2, name: `Audit de citation IA de ${address}` }),
    ).toBeVisible();
    await expect(
      page.getByText(`Après redirection, la page auditée est ${FIXTURE_ORIGINS.redirects}/.`),
    ).toBeVisible();
  });

  test('hostile markup from the audited site is shown as text', async ({ page, consoleProblems }) => {
    void consoleProblems;
    let dialogs = 0;
    page.on('dialog', () => dialogs++);
    await page.goto(`/en/tools?url=${encodeURIComponent(`${FIXTURE_ORIGINS.hostile}/`)}`);
    const results = page.getByTestId('audit-results');
    await expect(results).toContainText('<script>alert("owned")</script>');
    await expect(results.locator('img[src="x"], script')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('an invalid address is refused with the form message', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/tools?url=' + encodeURIComponent('javascript:alert(1)'));
    await expect(page.getByTestId('audit-results')).toHaveCount(0);
    await expect(page.getByText(/^Enter a web address, such as www.example.com/)).toBeVisible();
  });
});

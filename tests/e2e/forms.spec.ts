import { expect, hydrated, test } from './fixtures.ts';

// Lead forms with JavaScript (states, toasts, inline errors) and without it (plain posts, 303, outcome).

import type { Page } from '@playwright/test';

const form = (page: Page) => page.locator('main form').first();
const unique = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('contact form', () => {
  test('shows inline errors in the page language, then sends and clears', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/fr/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Indiquez votre nom.')).toBeVisible();
    await expect(page.getByText('Indiquez votre adresse e-mail.')).toBeVisible();
    await expect(form(page).getByLabel(/^Nom/)).toBeFocused();
    await form(page).getByLabel(/^Nom/).fill('Camille Durand');
    await form(page)
      .getByLabel(/^E-mail/)
      .fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(
      page.getByText('Saisissez une adresse e-mail valide, par exemple nom@entreprise.fr.'),
    ).toBeVisible();
    await form(page)
      .getByLabel(/^E-mail/)
      .fill(unique());
    await form(page)
      .getByLabel(/^Message/)
      .fill('Bonjour, nous voulons être cités par Perplexity.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const toast = page.getByRole('region', { name: /Notifications/ });
    await expect(toast.getByText('Message bien envoyé\u202f! ✅')).toBeVisible();
    await expect(toast.getByText('Nous vous répondons sous 24\u00a0heures.')).toBeVisible();
    await expect(form(page).getByLabel(/^Nom/)).toHaveValue('');
  });

  test('disables the inputs and says Sending… while the request runs', async ({ page, consoleProblems }) => {
    void consoleProblems;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/en/contact');
    await hydrated(page);
    await form(page).getByLabel(/^Name/).fill('Jane Smith');
    await form(page)
      .getByLabel(/^Email/)
      .fill(unique());
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(form(page).getByLabel(/^Name/)).toBeDisabled();
    release();
    await expect(page.getByText('Message sent successfully! ✅')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test('keeps what was typed and shows the server error when the store fails', async ({
    page,
    consoleProblems,
  }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'store_unavailable', message: 'Store is down for a moment.' },
        }),
      }),
    );
    await page.goto('/en/contact');
    await hydrated(page);
    await form(page).getByLabel(/^Name/).fill('Jane Smith');
    await form(page)
      .getByLabel(/^Email/)
      .fill('jane@example.com');
    await form(page)
      .getByLabel(/^Message/)
      .fill('Keep me');
    await page.getByRole('button', { name: 'Send message' }).click();
    // One assertion on the toast, title and the server's text together: it closes itself after
    // 4.5 s, which two assertions in a row can outlast on a busy machine.
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send message' }),
    ).toContainText('Store is down for a moment.');
    await expect(form(page).getByLabel(/^Message/)).toHaveValue('Keep me');
    // The browser logs the 503 response itself.
    consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !p.includes('503')));
  });

  test('preselects the service from the address', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/contact?service=content-strategy');
    await expect(form(page).getByLabel(/^Service of interest/)).toHaveValue('content-strategy');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts, returns to the page and shows the outcome', async ({ page }) => {
    await page.goto('/en/contact');
    await form(page).getByLabel(/^Name/).fill('No Script');
    await form(page)
      .getByLabel(/^Email/)
      .fill(unique());
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.getByRole('status')).toContainText('Message sent successfully! ✅');
  });

  test('a failed post comes back with the values kept and the errors inline, in French', async ({ page }) => {
    await page.goto('/fr/contact');
    await form(page).getByLabel(/^Nom/).fill('Sans Script');
    await form(page)
      .getByLabel(/^E-mail/)
      .fill('faux');
    await form(page)
      .getByLabel(/^Message/)
      .fill('Mon message reste là.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page).toHaveURL(/\/fr\/contact$/);
    await expect(page.getByRole('alert')).toContainText('Échec de l’envoi du message');
    await expect(
      page.getByText('Saisissez une adresse e-mail valide, par exemple nom@entreprise.fr.'),
    ).toBeVisible();
    await expect(form(page).getByLabel(/^Message/)).toHaveValue('Mon message reste là.');
    await expect(form(page).getByLabel(/^Nom/)).toHaveValue('Sans Script');
  });

  test('the home page invites to join the waitlist and its form works', async ({ page }) => {
    await page.goto('/en/');
    await page.getByRole('button', { name: 'Join the waitlist' }).first().click();
    await expect(page).toHaveURL(/#waitlist$/);
    const section = page.locator('#waitlist');
    await section.getByLabel(/^Email/).fill(unique());
    await section.getByLabel(/^Website/).fill('https://www.example.com');
    await section.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.locator('#waitlist').getByRole('status')).toContainText('You’re on the waitlist! 🎉');
  });
});

test.describe('waitlist dialog', () => {
  test('opens from the button, traps focus, closes with Escape and returns focus', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/');
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Join the waitlist' }).first();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Get early access to GEO Platform')).toBeVisible();
    const focusedInside = await page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    expect(focusedInside).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('submits, shows the toast, clears and closes', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Rejoindre la liste d’attente' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    await expect(dialog.getByText('Indiquez votre adresse e-mail.')).toBeVisible();
    await dialog.getByLabel(/^E-mail/).fill(unique());
    await dialog.getByLabel(/^Site web/).fill('https://www.exemple.fr');
    await dialog.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    await expect(page.getByText('Vous êtes sur la liste d’attente\u202f! 🎉')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('the close button closes it', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Join the waitlist' }).last().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

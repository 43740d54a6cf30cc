import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { CHECKS } from '../../src/server/audit/registry.ts';
import { AI_CRAWLERS_CLAIM } from '../../src/lib/visitor.ts';
import { readFileSync } from 'node:fs';

// Content of the home, FAQ, AI Act statement and About pages, in both languages.

const LOCALES = { en: 'en-US', fr: 'fr-FR' } as const;

/** The AI Act statement's recorded date (content/pages/dates.json) as the page shows it (long style, page language). */
function recorded(lang: keyof typeof LOCALES) {
  const dates = JSON.parse(readFileSync('content/pages/dates.json', 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const iso = dates.aiAct![lang]!;
  return {
    text: new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(iso),
    ),
    iso,
  };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  return page.getByRole('main');
}

const HOME = {
  en: {
    waitlist: 'Join the waitlist',
    stats: 'Key figures',
    who: 'Who it’s for',
    audit: 'Try the free audit tool',
  },
  fr: {
    waitlist: 'Rejoindre la liste d’attente',
    stats: 'Chiffres clés',
    who: 'Pour qui\u202f?',
    audit: 'Essayer l’outil d’audit gratuit',
  },
} as const;

test.describe('home page', () => {
  for (const lang of ['en', 'fr'] as const) {
    const text = HOME[lang];

    test(`${lang}: two waitlist buttons, key statistics, audiences, nine-term glossary`, async ({
      page,
      consoleProblems,
    }) => {
      void consoleProblems;
      const main = await open(page, `/${lang}/`);
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);

      // Exactly two "Join the waitlist" buttons: the hero's and the closing call to action's.
      const buttons = main.getByRole('button', { name: text.waitlist, exact: true });
      await expect(buttons).toHaveCount(2);
      for (const button of await buttons.all())
        await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
      await expect(page.locator('.home-hero').getByRole('button', { name: text.waitlist })).toBeVisible();
      await expect(page.locator('.cta-band').getByRole('button', { name: text.waitlist })).toBeVisible();

      const stats = main.getByRole('region', { name: text.stats, exact: true });
      await expect(stats).toBeVisible();
      await expect(stats.getByRole('listitem')).toHaveCount(4);
      await expect(stats).toContainText(String(CHECKS.length));
      await expect(stats).toContainText(`${AI_CRAWLERS_CLAIM}+`);

      await expect(main.getByRole('heading', { level: 2, name: 'GEO, SEO' })).toBeVisible();
      for (const abbr of ['GEO', 'SEO', 'AEO'])
        await expect(page.locator('#geo-seo-aeo')).toContainText(abbr);
      await expect(main.getByRole('heading', { level: 2, name: text.who, exact: true })).toBeVisible();
      await expect(page.locator('#who-its-for').getByRole('heading', { level: 3 })).toHaveCount(4);

      const glossary = page.locator('section#glossary');
      await expect(glossary.getByRole('heading', { level: 2 })).toBeVisible();
      await expect(glossary.locator('dl > div > dt')).toHaveCount(9);
      // Each definition, and for four terms the published document that defines it.
      await expect(glossary.locator('dl > div > dd:first-of-type')).toHaveCount(9);
      await expect(glossary.locator('dl > div > dd a[hreflang="en"]')).toHaveCount(4);

      await expect(page.locator('.cta-band').getByRole('link', { name: text.audit })).toHaveAttribute(
        'href',
        `/${lang}/tools`,
      );
    });
  }

  test('the footer glossary link leads to the glossary section', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/#glossary');
    await hydrated(page);
    await expect(page.locator('#glossary')).toBeInViewport();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Glossary' })).toHaveAttribute(
      'href',
      /\/en\/#glossary$/,
    );
  });
});

const FAQ = {
  en: { title: 'Frequently asked questions', contact: 'Contact us' },
  fr: { title: 'Questions fréquentes', contact: 'Nous contacter' },
} as const;

test.describe('FAQ page', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: seven groups of questions and a link to contact`, async ({ page, consoleProblems }) => {
      void consoleProblems;
      const main = await open(page, `/${lang}/faq`);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(FAQ[lang].title);
      const groups = main.locator('section[data-faq-group]');
      await expect(groups).toHaveCount(7);
      for (const group of await groups.all()) {
        await expect(group.getByRole('heading', { level: 2 })).toHaveCount(1);
        const count = await group.locator('details[name="faq"]').count();
        expect(count).toBeGreaterThanOrEqual(3);
        expect(count).toBeLessThanOrEqual(5);
      }
      // Every group is reachable from the topic list.
      await expect(main.getByRole('navigation').getByRole('link')).toHaveCount(7);
      await expect(main.getByRole('link', { name: FAQ[lang].contact })).toHaveAttribute(
        'href',
        `/${lang}/contact`,
      );
    });
  }

  test('one item is open at a time across groups, and an open item closes again', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await open(page, '/en/faq');
    const open_ = page.locator('details[name="faq"][open]');
    await expect(open_).toHaveCount(0);

    const first = page.locator('section[data-faq-group]').nth(0).locator('details').nth(0);
    const other = page.locator('section[data-faq-group]').nth(3).locator('details').nth(1);

    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('.accordion-panel')).toBeVisible();

    await other.locator('summary').click();
    await expect(other).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await expect(open_).toHaveCount(1);

    await other.locator('summary').click();
    await expect(other).not.toHaveAttribute('open');
    await expect(open_).toHaveCount(0);
  });

  test('items open and close from the keyboard', async ({ page, consoleProblems, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation is a desktop concern');
    void consoleProblems;
    await open(page, '/fr/faq');
    const item = page.locator('section[data-faq-group]').nth(6).locator('details').nth(0);
    await item.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(item).not.toHaveAttribute('open');
  });
});

const AI_ACT = {
  en: {
    status: 'Self-assessed: no prohibited or high-risk AI',
    risk: 'Minimal risk today; transparency obligations at launch',
  },
  fr: {
    status: 'Auto-évaluation\u00a0: ni pratique interdite ni IA à haut risque',
    risk: 'Risque minimal aujourd’hui\u00a0; obligations de transparence au lancement',
  },
} as const;

test.describe('AI Act statement', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: its self-assessed status with four ticks, version 1.1, dated when its content last changed`, async ({
      page,
      consoleProblems,
    }) => {
      void consoleProblems;
      const main = await open(page, `/${lang}/ai-act-statement`);
      await expect(main.getByText(AI_ACT[lang].status, { exact: true })).toBeVisible();
      const checks = main.locator('[data-compliance-check]');
      await expect(checks).toHaveCount(4);
      for (const check of await checks.all()) await expect(check.locator('svg')).toHaveCount(1);

      await expect(main.getByText('Version 1.1', { exact: true })).toBeVisible();
      const { text, iso } = recorded(lang);
      const time = main.locator('[data-doc-info] time');
      await expect(time).toHaveText(text);
      await expect(time).toHaveAttribute('datetime', iso);

      await expect(main.locator('[data-overall-risk]')).toHaveText(AI_ACT[lang].risk);
      await expect(main).toContainText('ISO/IEC 23053:2022');
      await expect(main.getByRole('table')).toBeVisible();
      await expect(main).toContainText('CNIL');
      // Both contacts (AI compliance, data protection) are the site's one address (CONTACT_EMAIL).
      const mailto = await page.locator('footer a[href^="mailto:"]').first().getAttribute('href');
      expect(mailto).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
      await expect(main.locator(`a[href="${mailto}"]`)).toHaveCount(2);

      for (const path of ['privacy', 'terms', 'cookie-policy']) {
        await expect(main.locator(`a[href="/${lang}/${path}"]`)).toHaveCount(1);
      }
      await expect(main.locator('a[href="/ai.txt"]').first()).toBeVisible();
    });
  }

  test('the sample AI permissions policy matches the published ai.txt', async ({
    page,
    request,
    consoleProblems,
  }) => {
    void consoleProblems;
    const main = await open(page, '/en/ai-act-statement');
    const sample = (await main.locator('pre code').textContent()) ?? '';
    expect(sample).toContain('Training: not allowed for commercial model training');
    const published = await (await request.get('/ai.txt')).text();
    const lines = sample.split('\n').filter((line) => line.trim() && !line.startsWith('# ai.txt'));
    const agents = published.split('\n\n');
    for (const line of lines) expect(published, line).toContain(line);
    // Each User-Agent rule of the sample is the rule ai.txt gives that agent.
    for (const block of sample.split('\n\n').filter((b) => b.startsWith('User-Agent:'))) {
      expect(agents.map((a) => a.trim())).toContain(block.trim());
    }
  });
});

const ABOUT = {
  en: { careers: 'Careers', apply: 'Send an open application' },
  fr: { careers: 'Carrières', apply: 'Envoyer une candidature spontanée' },
} as const;

test.describe('About page', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: mission, values, figures, careers and links to contact and tools`, async ({
      page,
      consoleProblems,
    }) => {
      void consoleProblems;
      const main = await open(page, `/${lang}/about`);
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.locator('#values').getByRole('heading', { level: 3 })).toHaveCount(6);
      const figures = page.locator('#figures');
      for (const value of [String(CHECKS.length), `${AI_CRAWLERS_CLAIM}+`, '100/100'])
        await expect(figures.getByText(value, { exact: true })).toBeVisible();

      const careers = page.locator('section#careers');
      await expect(careers.getByRole('heading', { level: 2 })).toHaveText(ABOUT[lang].careers);
      await expect(careers.getByRole('link', { name: ABOUT[lang].apply })).toHaveAttribute(
        'href',
        `/${lang}/contact?service=other`,
      );

      await expect(main.locator(`a[href="/${lang}/contact"]`)).toHaveCount(1);
      await expect(main.locator(`a[href="/${lang}/tools"]`)).toHaveCount(1);
    });
  }

  test('the footer careers link leads to the careers section', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await open(page, '/en/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/en\/about#careers$/);
    await expect(page.locator('#careers-title')).toBeInViewport();
  });
});

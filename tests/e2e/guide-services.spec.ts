import { SERVICE_IDS } from '../../src/lib/services.ts';
import { expect, hydrated, test } from './fixtures.ts';

const PHASE_BADGE = { en: 'Implemented in our services', fr: 'Mis en œuvre dans nos services' } as const;
const MORE = { en: /^\+\d+ more strateg(y|ies)/, fr: /^\+\d+[ \u00a0]autres? stratégies?/ } as const;

test.describe('guide', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`/${lang}/guide: comparison table, five implemented phases, six case studies`, async ({
      page,
      consoleProblems,
    }) => {
      void consoleProblems;
      await page.goto(`/${lang}/guide`);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

      // The SEO-versus-GEO table: a caption, three column headers and a row header per aspect.
      const table = page.locator('#seo-vs-geo table');
      await expect(table.locator('caption')).not.toBeEmpty();
      await expect(table.locator('thead th[scope="col"]')).toHaveCount(3);
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThanOrEqual(6);
      await expect(table.locator('tbody th[scope="row"]')).toHaveCount(await rows.count());

      // Five phases, in order, each marked as implemented.
      const phases = page.locator('#phases ol > li');
      await expect(phases).toHaveCount(5);
      for (let i = 0; i < 5; i++) {
        await expect(phases.nth(i).locator('.badge')).toHaveText(PHASE_BADGE[lang]);
        await expect(phases.nth(i).getByRole('heading', { level: 3 })).not.toBeEmpty();
      }

      // Six case studies, each with four metrics, 3 strategies, 2 action items and '+N more'.
      const studies = page.locator('#case-studies article');
      await expect(studies).toHaveCount(6);
      for (let i = 0; i < 6; i++) {
        const card = studies.nth(i);
        await expect(card.locator('dl').first().locator('dd')).toHaveCount(4);
        await expect(card.locator('dl').first().locator('dd').first()).toHaveText(/^\+\d+\s?%$/);
        const strategies = card.getByRole('list', {
          name: lang === 'en' ? 'Key strategies' : 'Stratégies clés',
        });
        await expect(strategies.getByRole('listitem')).toHaveCount(3);
        const actions = card.getByRole('list', { name: lang === 'en' ? 'Action items' : 'Actions à mener' });
        await expect(actions.getByRole('listitem')).toHaveCount(2);
        const more = card.locator('[data-more]');
        await expect(more).toHaveText(MORE[lang]);
        const n = Number(await more.getAttribute('data-more'));
        expect(n).toBeGreaterThan(0);
        await expect(more).toContainText(`+${n} `);
      }

      // Closing links to the tools, contact and services pages.
      const cta = page.locator('section[aria-labelledby="guide-cta-title"]');
      for (const target of ['tools', 'contact', 'services']) {
        await expect(cta.locator(`a[href="/${lang}/${target}"]`)).toHaveCount(1);
      }
      // The hero links to the free audit tool.
      await expect(page.locator('.page-hero').locator(`a[href="/${lang}/tools"]`)).toHaveCount(1);
    });
  }

  test('the footer case-studies link lands on the case studies', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/services');
    await hydrated(page);
    await page.locator('footer').getByRole('link', { name: 'Case studies' }).click();
    await expect(page).toHaveURL(/\/en\/guide#case-studies$/);
    await expect(page.locator('#case-studies')).toBeInViewport();
  });

  test('the guide carries HowTo and ItemList structured data', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/fr/guide');
    const json = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@graph': Record<string, unknown>[] };
    const howTo = json['@graph'].find((n) => n['@type'] === 'HowTo') as {
      step: { name: string }[];
      inLanguage: string;
    };
    expect(howTo.step).toHaveLength(5);
    expect(howTo.inLanguage).toBe('fr-FR');
    const list = json['@graph'].find((n) => n['@type'] === 'ItemList') as { itemListElement: unknown[] };
    expect(list.itemListElement).toHaveLength(6);
  });
});

test.describe('services', () => {
  const PRICES = {
    en: {
      'content-strategy': 'From $1,499, excl. VAT',
      'monitoring-analytics': 'From $799 a month, excl. VAT',
      other: 'Contact for Pricing',
      popular: 'Our recommendation',
    },
    fr: {
      'content-strategy': 'À partir de 1\u202f499\u00a0$ HT',
      'monitoring-analytics': 'À partir de 799\u00a0$ HT par mois',
      other: 'Tarif sur demande',
      popular: 'Notre recommandation',
    },
  } as const;

  for (const lang of ['en', 'fr'] as const) {
    test(`/${lang}/services: six cards with their prices and one recommendation`, async ({
      page,
      consoleProblems,
    }) => {
      void consoleProblems;
      await page.goto(`/${lang}/services`);
      await hydrated(page);
      const cards = page.locator('#services-list li[data-service]');
      await expect(cards).toHaveCount(6);
      expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-service')))).toEqual([
        ...SERVICE_IDS,
      ]);
      for (const id of SERVICE_IDS) {
        const card = page.locator(`#services-list li[data-service="${id}"]`);
        const expected =
          id === 'content-strategy' || id === 'monitoring-analytics' ? PRICES[lang][id] : PRICES[lang].other;
        await expect(card.locator('[data-price]')).toHaveText(expected);
        await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
        expect(await card.locator('.check-list li').count()).toBeGreaterThanOrEqual(4);
        await expect(card.locator(`a[href="/${lang}/contact?service=${id}"]`)).toHaveCount(1);
      }
      await expect(page.getByText(PRICES[lang].popular, { exact: true })).toHaveCount(1);
      const popular = page.locator('#services-list li[data-service="complete-transformation"]');
      await expect(popular.getByText(PRICES[lang].popular, { exact: true })).toBeVisible();
      await expect(popular.locator('.card')).toHaveClass(/\bhighlight\b/);
      await expect(page.locator('#services-list .card.highlight')).toHaveCount(1);

      // A four-step process, guarantees, and links to contact and tools.
      await expect(page.locator('#process ol > li')).toHaveCount(4);
      expect(await page.locator('#guarantees ul > li').count()).toBeGreaterThanOrEqual(3);
      const cta = page.locator('section[aria-labelledby="services-cta-title"]');
      await expect(cta.locator(`a[href="/${lang}/contact"]`)).toHaveCount(1);
      await expect(cta.locator(`a[href="/${lang}/tools"]`)).toHaveCount(1);
    });
  }

  test('a service button opens the contact page with that service preselected', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    await page.goto('/en/services');
    await hydrated(page);
    const card = page.locator('#services-list li[data-service="content-strategy"]');
    await card.getByRole('link', { name: /^Get started/ }).click();
    await expect(page).toHaveURL(/\/en\/contact\?service=content-strategy$/);
  });

  test('the services carry Service nodes with their offers', async ({ page, consoleProblems }) => {
    void consoleProblems;
    await page.goto('/en/services');
    const json = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@graph': Record<string, unknown>[] };
    const list = json['@graph'].find((n) => String(n['@id']).endsWith('/en/services#services')) as {
      itemListElement: { item: { '@type': string; offers: { priceSpecification?: { minPrice: number } } } }[];
    };
    expect(list.itemListElement).toHaveLength(6);
    expect(list.itemListElement.every((e) => e.item['@type'] === 'Service')).toBe(true);
    const prices = list.itemListElement.map((e) => e.item.offers.priceSpecification?.minPrice ?? null);
    expect(prices).toEqual([null, null, 1499, 799, null, null]);
  });
});

test.describe('structured data after a client-side navigation', () => {
  test('the hydrated page keeps the server graph and the next page gets its own, built in the browser', async ({
    page,
    consoleProblems,
  }) => {
    void consoleProblems;
    const graphTypes = async () => {
      const json = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as { '@graph': Record<string, unknown>[] };
      return json['@graph'].map((n) => n['@type']);
    };
    await page.goto('/en/guide');
    const serverCopy = await page.locator('script[type="application/ld+json"]').textContent();
    await hydrated(page);
    expect(await page.locator('script[type="application/ld+json"]').textContent()).toBe(serverCopy);

    // The footer's services link navigates in the app; the builders load then.
    await page.locator('footer a[href="/en/services"]').first().click();
    await expect(page).toHaveURL(/\/en\/services$/);
    await expect
      .poll(async () =>
        (await page.locator('script[type="application/ld+json"]').textContent())?.includes(
          '/en/services#services',
        ),
      )
      .toBe(true);
    expect(await graphTypes()).toContain('BreadcrumbList');
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});

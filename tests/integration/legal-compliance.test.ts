import { selectAll, selectOne } from 'css-select';
import { getAttributeValue, textContent, type findOne } from 'domutils';
import { parseDocument } from 'htmlparser2';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import dates from '../../content/pages/dates.json';
import aiActEn from '../../src/i18n/locales/en/aiAct.json';
import aiActFr from '../../src/i18n/locales/fr/aiAct.json';
import { LANGUAGES, PAGES, localePath, type Lang } from '../../src/site.ts';
import { HUMAN_UA, testServer, visibleText } from '../support/test-server.ts';

// Issue 38: the legal and compliance claims say what the company can show, in the AI Act's own
// terms; the legal pages show their date and render their shared lists from one structure; the
// processors are the deployment's; the language switcher's name contains its visible text.

// domhandler's types from the libraries' own signatures (it is not a direct dependency).
type Node = ReturnType<typeof parseDocument>;
type Element = NonNullable<ReturnType<typeof findOne>>;
const dom = (html: string) => parseDocument(html);
const all = (selector: string, doc: Node | Element): Element[] =>
  selectAll(selector, doc as Node) as unknown as Element[];
const one = (selector: string, doc: Node | Element): Element | null =>
  selectOne(selector, doc as Node) as unknown as Element | null;
/** An attribute of an element the page must have. */
const attr = (node: Element | null, name: string) => (node ? getAttributeValue(node, name) : undefined);
const text = (node: Element | null) =>
  // Runs of ASCII white space only: the copy's no-break spaces are part of what is checked.
  node
    ? textContent(node)
        .replace(/[ \t\r\n]+/g, ' ')
        .trim()
    : '';
const texts = (selector: string, doc: Node | Element) => all(selector, doc).map((n) => text(n));

const COMPANY = {
  COMPANY_NAME: 'Acme SAS',
  COMPANY_HOST_NAME: 'Nuage Hébergement',
  COMPANY_EMAIL_PROVIDER: 'Postier & Cie <SAS>',
  AUDIT_REPORT_DAYS: '45',
};

let configured: App;
let bare: App;
const get = async (app: App, path: string) => {
  const res = await request(app).get(path).set('User-Agent', HUMAN_UA);
  expect(res.status, path).toBe(200);
  return res.text;
};
beforeAll(async () => {
  [configured, bare] = await Promise.all([testServer(COMPANY), testServer()]);
});

/** The AI Act's tiers (Regulation (EU) 2024/1689: Art. 5, Art. 6, Art. 50, the rest), or outside it. */
const TIERS: Record<Lang, RegExp> = {
  en: /^(?:Prohibited practice|High-risk|Transparency obligations|Minimal risk|Outside the Act: not an AI system)(?: today| at launch)?$/,
  fr: /^(?:Pratique interdite|Haut risque|Obligations de transparence|Risque minimal|Hors du règlement\u00a0: pas un système d’IA)(?: aujourd’hui| au lancement)?$/,
};
const STATEMENT = { en: aiActEn, fr: aiActFr };
/** What the company cannot show: a "low" tier, full compliance, readiness for a law in force. */
const RETIRED = [
  /overall risk|fully compliant|GDPR ready|AI Act compliant|risque global|entièrement conforme|conforme à l’AI Act/i,
  // The tier as the statement wrote it, capitals and all ("Low" is also a guide's complexity level).
  /\bLOW\b|\bFAIBLE\b/,
];
/** The label the statement gives itself, which the footer badge repeats. */
const LABEL = { en: 'no prohibited or high-risk AI', fr: 'ni pratique interdite ni IA à haut risque' };

describe('the AI Act statement', () => {
  it.each(LANGUAGES)('/%s: a self-assessment in the Act’s tiers, citing its articles', async (lang) => {
    const doc = dom(await get(bare, `/${lang}/ai-act-statement`));
    const main = one('main', doc)!;
    const words = visibleText(text(main));
    for (const claim of [/\bLOW\b/, /\bFAIBLE\b/, /fully compliant/i, /entièrement conforme/i, /\bLow\b/])
      expect(words).not.toMatch(claim);
    expect(text(one('[data-status-badge]', main))).toBe(STATEMENT[lang].status.badge);
    expect(STATEMENT[lang].status.badge).toContain(LABEL[lang]);
    const tiers = texts('[data-tier]', main);
    expect(tiers).toHaveLength(4);
    for (const tier of tiers) expect(tier).toMatch(TIERS[lang]);
    for (const part of text(one('[data-overall-risk]', main)).split(/[\s\u202f]*;\s*/))
      expect(part).toMatch(new RegExp(TIERS[lang].source, 'i'));
    const source = one('a[data-act-source]', main)!;
    expect(attr(source, 'href')).toBe(
      `https://eur-lex.europa.eu/legal-content/${lang.toUpperCase()}/TXT/?uri=CELEX:32024R1689`,
    );
    expect(attr(source, 'hreflang')).toBe(lang);
    const cited =
      lang === 'en'
        ? ['Article 3(1)', 'Article 5', 'Article 6', 'Article 50', 'recital 12', '2 August 2026']
        : ['article 3, point 1', 'article 5', 'article 6', 'article 50', 'considérant 12', '2 août 2026'];
    for (const reference of cited) expect(words, reference).toContain(reference);
    // The structured data dates the same version the page shows.
    const graph = text(one('script[type="application/ld+json"]', doc));
    expect(graph).toContain('"version":"1.1"');
    expect(text(main)).toContain('Version 1.1');
  });

  it.each(LANGUAGES)(
    '/%s: every page’s footer badges say what the statements say and link to them',
    async (lang) => {
      for (const page of PAGES) {
        const html = await get(bare, localePath(lang, page.path));
        // Nowhere, the FAQ's answer and its JSON-LD included, the claims the statement retired.
        for (const claim of RETIRED) expect(html, page.id).not.toMatch(claim);
        const doc = dom(html);
        const badges = one('footer ul.badges', doc)!;
        const words = text(badges);
        expect(words, page.id).not.toMatch(/compliant|\bready\b|conforme/i);
        const aiAct = one(`a[href="/${lang}/ai-act-statement"]`, badges);
        expect(text(aiAct), page.id).toContain(LABEL[lang]);
        expect(one(`a[href="/${lang}/gdpr"]`, badges), page.id).not.toBeNull();
      }
    },
  );
});

describe('the legal pages', () => {
  const LEGAL = [
    ['privacy', 'privacy'],
    ['terms', 'terms'],
    ['gdpr', 'gdpr'],
    ['cookie-policy', 'cookiePolicy'],
    ['legal-notice', 'legalNotice'],
  ] as const;

  it.each(LANGUAGES)('/%s: each shows its recorded date above its first section', async (lang) => {
    for (const [path, id] of LEGAL) {
      const html = await get(bare, `/${lang}/${path}`);
      const time = one('main [data-doc-info] time', dom(html));
      expect(attr(time, 'datetime'), path).toBe(dates[id][lang]);
      expect(html.indexOf('data-doc-info'), path).toBeLessThan(html.indexOf('id="legal-toc"'));
    }
  });

  it.each(LANGUAGES)('/%s: Privacy, GDPR and Cookies render the same lists', async (lang) => {
    const privacy = dom(await get(configured, `/${lang}/privacy`));
    const gdpr = dom(await get(configured, `/${lang}/gdpr`));
    const cookies = dom(await get(configured, `/${lang}/cookie-policy`));
    const processing = texts('[data-list="data"] li strong', privacy);
    expect(processing.length).toBeGreaterThanOrEqual(8);
    expect(texts('[data-list="purposes"] li strong', privacy)).toEqual(processing);
    expect(texts('[data-list="retention"] li strong', privacy)).toEqual(processing);
    expect(texts('[data-list="bases"] tbody th', gdpr)).toEqual(processing);
    // The retention the GDPR table gives each processing is the one the privacy policy gives it.
    const retention = texts('[data-list="retention"] li', privacy);
    texts('[data-list="bases"] tbody tr td:last-child', gdpr).forEach((kept, i) =>
      expect(retention[i]).toContain(kept),
    );
    expect(texts('[data-list="rights"] li', gdpr)).toEqual(texts('[data-list="rights"] li', privacy));
    expect(texts('[data-list="processors"] li', gdpr)).toEqual(texts('[data-list="processors"] li', privacy));
    // Both pages and the GDPR page name the report email and the re-checks.
    const names = processing.join(' | ');
    expect(names).toMatch(
      lang === 'en'
        ? /Email me this report.*Monthly re-check/
        : /Recevoir ce rapport.*Vérification mensuelle/,
    );
    // What the browser keeps: the same entries; cookies are cookies, and the theme is not one.
    const stored = texts('[data-list="storage"] li', privacy);
    const cookieNames = texts('[data-list="cookies"] li code', cookies);
    expect(cookieNames).toEqual(['lang', 'form_result']);
    expect([...cookieNames, ...texts('[data-list="browserStorage"] li code', cookies)]).toEqual(
      texts('[data-list="storage"] li code', privacy),
    );
    const theme = stored.find((entry) => entry.startsWith('theme'))!;
    expect(theme).toMatch(lang === 'en' ? /^theme \(Local storage\)/ : /^theme \(Stockage local\)/);
    expect(visibleText(text(one('main', privacy)!))).not.toMatch(/theme cookie|cookie (?:de|du) thème/i);
  });

  it.each(LANGUAGES)(
    '/%s: the processors are the deployment’s, escaped, and no placeholder when one is unset',
    async (lang) => {
      for (const path of ['privacy', 'gdpr']) {
        const withNames = texts(
          '[data-list="processors"] li',
          dom(await get(configured, `/${lang}/${path}`)),
        );
        expect(withNames[0], path).toContain('Nuage Hébergement');
        expect(withNames.at(-1), path).toContain('Postier & Cie <SAS>');
        expect(withNames.join(' '), path).not.toMatch(/Supabase/);
        const html = await get(bare, `/${lang}/${path}`);
        const unnamed = texts('[data-list="processors"] li', dom(html));
        expect(unnamed, path).toHaveLength(2);
        expect(unnamed[1], path).not.toMatch(/\{\{|\[|Postier/);
        expect(html, path).not.toContain('<SAS>');
      }
      const escaped = await get(configured, `/${lang}/privacy`);
      expect(escaped).toContain('Postier &amp; Cie &lt;SAS&gt;');
    },
  );

  it('names Supabase as a processor when the site stores its leads there', async () => {
    const supabase = await testServer({
      ...COMPANY,
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon',
    });
    const lines = texts('[data-list="processors"] li', dom(await get(supabase, '/en/privacy')));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Database: Supabase/);
  });

  it.each(LANGUAGES)(
    '/%s: the saved reports’ days are the configured ones, on the legal pages and the Tools form',
    async (lang) => {
      const days = lang === 'en' ? '45\u00a0days' : '45\u00a0jours';
      for (const path of ['privacy', 'terms', 'tools']) {
        const doc = dom(await get(configured, `/${lang}/${path}`));
        const where = path === 'tools' ? one('[data-audit-privacy]', doc) : one('main', doc);
        expect(text(where), path).toContain(days);
      }
      const tools = dom(await get(bare, `/${lang}/tools`));
      const line = text(one('form[data-testid="audit-form"] [data-audit-privacy]', tools));
      expect(line).toContain(lang === 'en' ? '365\u00a0days' : '365\u00a0jours');
      expect(line).toMatch(lang === 'en' ? /anyone who has it can open/ : /toute personne qui le détient/);
    },
  );

  it('the English terms leave visitors the rights over their own website', async () => {
    const terms = visibleText(await get(bare, '/en/terms'));
    expect(terms).toContain('You retain all rights over your website');
    expect(terms).not.toContain('all rights over the website');
  });
});

describe('the header and the head', () => {
  it.each(LANGUAGES)(
    '/%s: the language switcher’s name starts with its visible text (WCAG 2.5.3)',
    async (lang) => {
      for (const page of PAGES) {
        const summary = one('details.dropdown > summary', dom(await get(bare, localePath(lang, page.path))))!;
        const visible = text(summary);
        expect(visible, page.id).toBe(lang.toUpperCase());
        expect(attr(summary, 'aria-label'), page.id).toMatch(new RegExp(`^${visible}\\b`));
      }
    },
  );

  it.each([
    ['en', 'Audit your site', '/og-image.jpg'],
    ['fr', 'Auditer votre site', '/og-image-fr.jpg'],
  ] as const)(
    '/%s: the header button says what it does; the social image is in the page’s language',
    async (lang, label, image) => {
      const doc = dom(await get(bare, `/${lang}/guide`));
      const buttons = all(`header a[href="/${lang}/tools"].btn-primary`, doc);
      expect(buttons.map((b) => text(b))).toEqual([label, label]);
      for (const meta of ['meta[property="og:image"]', 'meta[name="twitter:image"]'])
        expect(attr(one(meta, doc), 'content')).toBe(`https://geo.example${image}`);
      const file = await request(bare).get(image);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
    },
  );
});

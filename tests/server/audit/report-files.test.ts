import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { textReader } from '../../../src/i18n/instance.ts';
import { loadNamespaces } from '../../../src/i18n/resources.ts';
import { compareReports, type AuditReport } from '../../../src/lib/audit.ts';
import { markdownText, reportMarkdown } from '../../../src/server/audit/report-files.ts';

// A saved report's Markdown copy (decision 031) read as GitHub reads it (issue 34, decision 048):
// rendered with marked, GitHub Flavored Markdown on, no address the audited site wrote as plain
// text becomes a link; the report's own permanent link stays one; the text reads as the site wrote it.

const read = textReader(await loadNamespaces(['tools']));
const PERMALINK = 'https://geo.example/en/tools/report/0123456789abcdef0123456789abcdef';

/** Addresses as a site writes them in plain text, each of which GFM would otherwise link. */
const PLAIN_ADDRESSES = [
  'https://evil.example/x',
  'http://evil.example/login?next=/',
  'HTTPS://EVIL.EXAMPLE/Y',
  'see:https://evil.example/z',
  'xhttps://evil.example/w',
  'www.evil.example',
  'Www.evil.example/path',
  'xwww.evil.example',
  'ftp://evil.example/file',
  'evil@evil.example',
  'mailto:evil@evil.example',
  'xmpp:evil@evil.example',
];
const SITE_TEXT = `Visit ${PLAIN_ADDRESSES.join(' or ')} now: it is fine.`;

function hostileReport(): AuditReport {
  return {
    url: 'https://shop.example/',
    finalUrl: 'https://www.shop.example/',
    auditedAt: '2027-03-01T08:00:00.000Z',
    overall: 64,
    categories: [
      {
        id: 'citability',
        score: 64,
        status: 'needsWork',
        items: [
          {
            id: 'headings',
            status: 'warning',
            title: `Title quoting www.evil.example`,
            evidence: SITE_TEXT,
            recommendation: `Link to https://evil.example/fix.`,
          },
        ],
      },
    ],
    site: {
      requested: 10,
      source: 'sitemap',
      pages: [
        { url: 'https://www.shop.example/', outcome: 'audited', status: 200, score: 64 },
        { url: 'https://www.shop.example/team', outcome: 'failed', note: 'see evil@evil.example' },
      ],
      summary: [],
    },
  };
}

const gfm = new Marked({ gfm: true });

describe('the Markdown copy of a report', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`links only its permanent address, in ${lang}`, async () => {
      const markdown = reportMarkdown(hostileReport(), lang, read(lang, 'tools'), PERMALINK);
      const html = await gfm.parse(markdown);
      const links = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
      expect(links).toEqual([`<a href="${PERMALINK}">`]);
    });
  }

  it('keeps what the site wrote readable as it wrote it, once rendered', async () => {
    const html = await gfm.parseInline(markdownText(SITE_TEXT));
    expect(html).not.toContain('<a');
    const decoded = html
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"');
    expect(decoded).toBe(SITE_TEXT);
  });

  it('escapes only what would become a link: other colons, dots and words stay as they are', () => {
    expect(markdownText('Note: the www page, at 10:30, in example.com')).toBe(
      'Note: the www page, at 10:30, in example.com',
    );
    expect(markdownText('https://a.example www.b.example c@d.example')).toBe(
      'https\\://a.example www\\.b.example c\\@d.example',
    );
  });
});

describe('how the page was read, in the copies and in what changed', () => {
  const reading = (type: 'article' | 'product', text: string) => ({ type, from: 'markup' as const, text });
  const base: AuditReport = {
    url: 'https://shop.example/kettle',
    finalUrl: 'https://shop.example/kettle',
    auditedAt: '2027-03-01T08:00:00.000Z',
    overall: 80,
    categories: [
      {
        id: 'citability',
        score: 80,
        status: 'good',
        items: [{ id: 'authorDate', status: 'pass', title: 'Author and date', evidence: 'Author: Jane.' }],
      },
    ],
  };
  const before = { ...base, pageType: reading('article', 'Read as an article, from its Article markup.') };
  const after: AuditReport = {
    ...base,
    pageType: reading('product', 'Read as a product page, from its Product markup.'),
    categories: [
      {
        ...base.categories[0]!,
        items: [{ ...base.categories[0]!.items[0]!, status: 'notApplicable', evidence: 'Does not apply.' }],
      },
    ],
  };

  it('opens the Markdown with the reading, and marks a check that does not apply', () => {
    const md = reportMarkdown(after, 'en', read('en', 'tools'), PERMALINK);
    expect(md).toContain('\n**Read as a product page, from its Product markup.**\n');
    expect(md).toContain('- – **Not applicable**: Author and date');
  });

  it('says when the page is read as another type than before, in both languages', () => {
    const changes = compareReports(after, before);
    expect(changes.pageType).toEqual({ before: before.pageType, after: after.pageType });
    expect(changes.checks).toEqual([
      { id: 'authorDate', title: 'Author and date', before: 'pass', after: 'notApplicable' },
    ]);
    expect(compareReports(after, after).pageType).toBeUndefined();
    // A report saved before page types were read has none to compare.
    expect(compareReports(after, base).pageType).toBeUndefined();
    const md = reportMarkdown({ ...after, changes }, 'fr', read('fr', 'tools'), PERMALINK);
    expect(md).toContain('### La lecture de la page a changé');
    expect(md).toContain('- Avant\u00a0: Read as an article, from its Article markup.');
  });
});

describe('what changed, engine by engine', () => {
  const engine = (status: 'yes' | 'no') => ({
    id: 'copilot' as const,
    name: 'Microsoft Copilot (Bing)',
    status,
    reasons: [],
    docs: 'https://blogs.bing.com/',
  });
  const report = (status: 'yes' | 'no'): AuditReport => ({
    url: 'https://news.example/',
    finalUrl: 'https://news.example/',
    auditedAt: '2027-03-01T08:00:00.000Z',
    overall: 80,
    categories: [],
    engines: [engine(status)],
  });

  it('names an engine the page gained after Bingbot was let in, though no check changed its result', () => {
    const changes = compareReports(report('yes'), report('no'));
    expect(changes.engines).toEqual([
      { id: 'copilot', name: 'Microsoft Copilot (Bing)', before: 'no', after: 'yes' },
    ]);
    expect(changes.checks).toEqual([]);
    expect(compareReports(report('yes'), report('yes')).engines).toBeUndefined();
    const md = reportMarkdown({ ...report('yes'), changes }, 'fr', read('fr', 'tools'), PERMALINK);
    expect(md).toContain('### Moteurs de réponse dont le verdict a changé');
    expect(md).toContain('- Microsoft Copilot (Bing)\u00a0: Non → Oui');
  });
});

describe('what changed, at the level of evidence', () => {
  const report = (bingbot: boolean, properties: string[]): AuditReport => ({
    url: 'https://news.example/',
    finalUrl: 'https://news.example/',
    auditedAt: '2027-03-01T08:00:00.000Z',
    overall: 80,
    categories: [],
    crawlers: [
      { agent: 'Bingbot', allowed: bingbot },
      { agent: 'GPTBot', allowed: false },
    ],
    markup: [{ type: 'NewsArticle', properties }],
  });

  it('names crawlers newly allowed or blocked, and properties added or removed, in both languages', () => {
    const changes = compareReports(
      report(true, ['author', 'datePublished', 'headline']),
      report(false, ['author', 'headline', 'image']),
    );
    expect(changes.crawlers).toEqual({ allowed: ['Bingbot'], blocked: [] });
    expect(changes.properties).toEqual([
      { type: 'NewsArticle', added: ['datePublished'], removed: ['image'] },
    ]);
    const same = report(true, ['headline']);
    expect(compareReports(same, same).crawlers).toBeUndefined();
    expect(compareReports(same, same).properties).toBeUndefined();
    const en = reportMarkdown({ ...report(true, []), changes }, 'en', read('en', 'tools'), PERMALINK);
    expect(en).toContain('- Now allowed: Bingbot.');
    expect(en).toContain('- NewsArticle: added datePublished. NewsArticle: removed image.');
    const fr = reportMarkdown({ ...report(true, []), changes }, 'fr', read('fr', 'tools'), PERMALINK);
    expect(fr).toContain('- Désormais admis\u00a0: Bingbot.');
    expect(fr).toContain('NewsArticle\u00a0: ajout de datePublished.');
  });
});

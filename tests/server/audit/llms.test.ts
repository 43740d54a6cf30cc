import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { auditUserAgents } from '../../../src/server/audit/agents.ts';
import { llmsFolders, markdownSiblings } from '../../../src/server/audit/llms.ts';
import { localizeFindings } from '../../../src/server/audit/localize.ts';
import { runAudit, type RunResult } from '../../../src/server/audit/run.ts';
import type { FetchOutcome } from '../../../src/server/audit/types.ts';
import { analysisInProcess } from '../../fixtures/audit-analysis.ts';
import { find, goodInput, keysOf, ORIGIN, T } from '../../fixtures/audit-inputs.ts';
import { resource } from '../../fixtures/audit-resources.ts';
import { heldPage, startHeldSite, type HeldSite } from '../../fixtures/held-site.ts';
import { startFastcoreDocs, startLlmstxtOrg } from '../../fixtures/llms-sites.ts';

// llms.txt as the proposal writes it (llmstxt.org; issue 37, item 3; decision 064), proven on the
// proposal's own site and on fastcore's documentation, each served on loopback from the files its
// repository publishes (tests/fixtures/llms-sites/): the page's Markdown sibling, the llms.txt nearest
// the page, a few of its links and the llms-ctx files, every one of them asked for only where
// robots.txt lets the audit in, and said in both languages.

const sites: HeldSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

async function started(site: Promise<HeldSite>): Promise<HeldSite> {
  const s = await site;
  sites.push(s);
  return s;
}

function audit(site: HeldSite, path: string): Promise<RunResult> {
  return runAudit(`${site.origin}${path}`, {
    ...auditUserAgents('https://geo.example'),
    allowedHosts: parseAllowedHosts(site.host),
    analysis: analysisInProcess,
    timeoutMs: 10_000,
  });
}

function findingOf(result: RunResult, id: string) {
  if (!result.ok) throw new Error(`audit failed: ${result.reason} (${result.detail})`);
  return result.categories.flatMap((c) => c.findings).find((f) => f.id === id)!;
}

/** The finding's evidence as a reader of `lang` sees it. */
function shown(result: RunResult, id: string, lang: 'en' | 'fr'): string {
  if (!result.ok) throw new Error(result.detail);
  const items = localizeFindings(result.categories, T[lang]).flatMap((c) => c.items);
  return items.find((i) => i.id === id)!.evidence;
}

describe('the addresses the proposal names', () => {
  it('the Markdown sibling: .md appended, index.html.md for a folder, the extension replaced as v2 allows', () => {
    expect(markdownSiblings('https://llmstxt.org/intro.html')).toEqual([
      'https://llmstxt.org/intro.html.md',
      'https://llmstxt.org/intro.md',
    ]);
    expect(markdownSiblings('https://docs.example/guide/?ref=nav#top')).toEqual([
      'https://docs.example/guide/index.html.md',
      'https://docs.example/guide/index.md',
    ]);
    expect(markdownSiblings('https://docs.example/guide/page')).toEqual([
      'https://docs.example/guide/page.md',
    ]);
    expect(markdownSiblings('https://docs.example/notes.md')).toEqual([]);
  });

  it('llms.txt in the page’s own folder, then its parents, nearest first, at most three before the root', () => {
    expect(llmsFolders('https://docs.example/project/guide/page')).toEqual([
      'https://docs.example/project/guide/llms.txt',
      'https://docs.example/project/llms.txt',
    ]);
    expect(llmsFolders('https://docs.example/project/')).toEqual(['https://docs.example/project/llms.txt']);
    expect(llmsFolders('https://docs.example/page')).toEqual([]);
    expect(llmsFolders('https://docs.example/a/b/c/d/e')).toEqual([
      'https://docs.example/a/b/c/d/llms.txt',
      'https://docs.example/a/b/c/llms.txt',
      'https://docs.example/a/b/llms.txt',
    ]);
  });
});

describe('llmstxt.org, the proposal’s own site', () => {
  it('finds /intro.html.md as the page’s Markdown version, and follows llms.txt to Markdown and its llms-ctx files', async () => {
    const site = await started(startLlmstxtOrg());
    const result = await audit(site, '/intro.html');

    const markdown = findingOf(result, 'markdownVersion');
    expect(markdown.status).toBe('pass');
    expect(markdown.evidence[0]).toMatchObject({
      key: 'items.markdownVersion.evidence.sibling',
      values: { url: `${site.origin}/intro.html.md` },
    });
    // The first form answered: the second is never asked for.
    expect(site.count('/intro.md')).toBe(0);

    const llms = findingOf(result, 'llmsTxt');
    expect(llms.status).toBe('pass');
    expect(keysOf(llms)).toEqual([
      'items.llmsTxt.evidence.valid',
      'items.llmsTxt.evidence.summary',
      'items.llmsTxt.evidence.where',
      'items.llmsTxt.evidence.sample',
      'items.llmsTxt.evidence.ctx',
      'items.llmsTxt.evidence.fewEngines',
    ]);
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.sample')!.values).toEqual({
      count: 3,
      markdown: 3,
    });
    for (const path of [
      '/index.md',
      '/intro.html.md',
      '/ed-commonmark.md',
      '/llms-ctx.txt',
      '/llms-ctx-full.txt',
    ]) {
      expect(site.count(path), path).toBeGreaterThan(0);
    }

    expect(shown(result, 'markdownVersion', 'en')).toContain(
      `The page’s Markdown version answers at ${site.origin}/intro.html.md, its address with .md`,
    );
    expect(shown(result, 'llmsTxt', 'en')).toContain(
      `Read from ${site.origin}/llms.txt, the llms.txt nearest the page.`,
    );
    expect(shown(result, 'llmsTxt', 'en')).toContain(
      'Of the first 3 links of this site it lists, which the audit asked for, 3 answered Markdown.',
    );
    expect(shown(result, 'llmsTxt', 'en')).toContain('Few answer engines document reading llms.txt');
    expect(shown(result, 'markdownVersion', 'fr')).toContain(
      `La version Markdown de la page répond à l’adresse ${site.origin}/intro.html.md`,
    );
    expect(shown(result, 'llmsTxt', 'fr')).toContain(
      `Lu à l’adresse ${site.origin}/llms.txt, le llms.txt le plus proche de la page.`,
    );
    expect(shown(result, 'llmsTxt', 'fr')).toContain(
      'Réponses en Markdown\u00a0: 3 sur les 3\u00a0premiers liens',
    );
    expect(shown(result, 'llmsTxt', 'fr')).toContain('Peu de moteurs de réponse indiquent lire le llms.txt');
  });

  it('asks for no Markdown file robots.txt closes to the audit, and says so', async () => {
    const site = await started(startLlmstxtOrg({ robots: 'User-agent: *\nDisallow: /*.md$\n' }));
    const result = await audit(site, '/intro.html');

    expect(site.requests.filter((r) => r.path.endsWith('.md'))).toEqual([]);
    expect(findingOf(result, 'markdownVersion').evidence).toEqual([
      { key: 'items.markdownVersion.evidence.none' },
      { key: 'items.markdownVersion.evidence.siblingClosed', values: { url: `${site.origin}/intro.md` } },
    ]);
    const llms = findingOf(result, 'llmsTxt');
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.sampleClosed')?.values).toEqual({
      count: 3,
    });
    expect(shown(result, 'llmsTxt', 'en')).toContain(
      '3 listed links were not asked for: robots.txt closes them to the audit.',
    );
    expect(shown(result, 'llmsTxt', 'fr')).toContain(
      '3\u00a0liens listés n’ont pas été demandés\u00a0: robots.txt les ferme à l’audit.',
    );
    // The text files stay open: llms.txt and the llms-ctx files are read.
    expect(site.count('/llms-ctx.txt')).toBe(1);
  });
});

describe('fastcore’s documentation, a project site under /fastcore/', () => {
  it('reads the llms.txt of the page’s folder, where the root has none', async () => {
    const site = await started(startFastcoreDocs());
    const result = await audit(site, '/fastcore/tour.html');

    const llms = findingOf(result, 'llmsTxt');
    // fastcore's file really has one list item in a section that is not a link (`fastcore.editskill`).
    expect(llms.status).toBe('warning');
    expect(llms.evidence[0]).toEqual({ key: 'items.llmsTxt.evidence.badItems', values: { count: 1 } });
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.where')?.values).toEqual({
      url: `${site.origin}/fastcore/llms.txt`,
    });
    // Its first links on the site, in file order: the tour, the API list, aio (a gist between is elsewhere).
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.sample')?.values).toEqual({
      count: 3,
      markdown: 3,
    });
    expect(site.count('/llms.txt')).toBe(1);
    expect(site.count('/fastcore/apilist.txt')).toBe(1);
    expect(site.count('/fastcore/aio.html.md')).toBe(1);
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.ctx')?.values).toEqual({
      urls: `${site.origin}/fastcore/llms-ctx.txt`,
    });
    expect(findingOf(result, 'markdownVersion')).toMatchObject({
      status: 'pass',
      evidence: [{ values: { url: `${site.origin}/fastcore/tour.html.md` } }],
    });
    expect(shown(result, 'llmsTxt', 'en')).toContain(`Read from ${site.origin}/fastcore/llms.txt`);
    expect(shown(result, 'llmsTxt', 'fr')).toContain(`Lu à l’adresse ${site.origin}/fastcore/llms.txt`);
  });
});

describe('what is not an llms.txt', () => {
  it('a folder that redirects every unknown address to its own page, answered as Markdown', async () => {
    const site = await started(
      startHeldSite({
        files: () => ({
          '/blog/post': { body: heldPage('Post') },
          '/blog/llms.txt': { status: 302, headers: { Location: '/blog' } },
          '/blog': { type: 'text/markdown', body: '# Blog\n\n- a post\n' },
          '/llms.txt': { type: 'text/plain', body: '# Site\n\n> Everything.\n' },
        }),
      }),
    );
    const llms = findingOf(await audit(site, '/blog/post'), 'llmsTxt');
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.where')?.values).toEqual({
      url: `${site.origin}/llms.txt`,
    });
    expect(llms.evidence.find((e) => e.key === 'items.llmsTxt.evidence.triedFirst')?.values).toEqual({
      urls: `${site.origin}/blog/llms.txt`,
    });
  });
});

describe('links of llms.txt that answer no Markdown', () => {
  const sample = (...outcomes: FetchOutcome[]) =>
    find(
      {
        ...goodInput(),
        llmsTried: [],
        llmsSample: outcomes,
        llmsCtx: [resource(`${ORIGIN}/llms-ctx.txt`, 'Not found', { status: 404 })],
      },
      'llmsTxt',
    );

  it('warns, with a small weight, when every link asked for answers HTML or an error', () => {
    const html = resource(`${ORIGIN}/docs/start`, '<!doctype html><html><body>Start</body></html>', {
      headers: { 'content-type': 'text/html' },
    });
    const gone = resource(`${ORIGIN}/docs/api.md`, 'Not found', { status: 404 });
    const finding = sample(html, gone);
    expect(finding).toMatchObject({ status: 'warning', weight: 0.5 });
    expect(finding.recommendation?.key).toBe('items.llmsTxt.recommendation.markdownLinks');
    expect(
      finding.evidence.find((e) => e.key === 'items.llmsTxt.evidence.sampleNotMarkdown')?.values,
    ).toEqual({
      links: `${ORIGIN}/docs/start (HTML), ${ORIGIN}/docs/api.md (404)`,
    });
    expect(keysOf(finding)).toContain('items.llmsTxt.evidence.noCtx');
  });

  it('passes when one of them answers Markdown', () => {
    const md = resource(`${ORIGIN}/docs/start.md`, '# Start\n\nRead me.', {
      headers: { 'content-type': 'text/markdown' },
    });
    const gone = resource(`${ORIGIN}/docs/api.md`, 'Not found', { status: 404 });
    expect(sample(md, gone).status).toBe('pass');
  });
});

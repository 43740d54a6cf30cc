import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overallScore } from '../../../src/lib/audit.ts';
import { analyze } from '../../../src/server/audit/analyze.ts';
import { accessCeiling } from '../../../src/server/audit/checks/answer-engines.ts';
import { buildContext } from '../../../src/server/audit/context.ts';
import { ANSWER_ENGINES } from '../../../src/server/audit/engines.ts';
import { localizeEngines, localizeFindings } from '../../../src/server/audit/localize.ts';
import type { AuditInput } from '../../../src/server/audit/types.ts';
import {
  find,
  goodInput,
  HTML_HEADERS,
  html,
  PAGE_URL,
  T,
  viewsOf,
  withPage,
  withRobots,
} from '../../fixtures/audit-inputs.ts';
import { resource } from '../../fixtures/audit-resources.ts';

// A verdict per answer engine (issue 37, decision 063), each rule from its operator's documentation:
// OpenAI (OAI-SearchBot feeds ChatGPT search; robots.txt "may not apply" to ChatGPT-User), Perplexity
// (PerplexityBot; Perplexity-User generally ignores robots.txt), Anthropic (Claude-SearchBot; its
// bots honor robots.txt), Bing's announcement of its Copilot controls (NOARCHIVE keeps a page out of
// the answers, NOCACHE limits them to title, address and snippet, both together count as NOCACHE),
// Google's "AI features and your website" (Googlebot; noindex, nosnippet, max-snippet and
// data-nosnippet). Then the scores an expert's ordering agrees with.

const statuses = (input: AuditInput) =>
  Object.fromEntries(buildContext(input).engines.map((v) => [v.id, v.status]));
const reasonKeys = (input: AuditInput, id: string) =>
  buildContext(input)
    .engines.find((v) => v.id === id)!
    .reasons.map((m) => m.key);
const withHeaders = (headers: Record<string, string>) => {
  const input = goodInput();
  return { ...input, page: { ...input.page, headers: { ...input.page.headers, ...headers } } };
};
const scores = (input: AuditInput) => {
  const categories = localizeFindings(analyze(input), T.en);
  return {
    overall: overallScore(categories),
    access: categories.find((c) => c.id === 'crawlerAccess')!.score,
  };
};
const ALL_YES = { chatgpt: 'yes', perplexity: 'yes', copilot: 'yes', google: 'yes', claude: 'yes' };

describe('the verdict of each answer engine', () => {
  it('lets every engine use a page open to its crawler, with text in its HTML', () => {
    expect(statuses(goodInput())).toEqual(ALL_YES);
    expect(find(goodInput(), 'answerEngines').status).toBe('pass');
  });

  it('closes an engine whose crawler robots.txt closes, quoting the line', () => {
    const input = withRobots(
      'User-agent: bingbot\nUser-agent: PerplexityBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    );
    expect(statuses(input)).toEqual({ ...ALL_YES, copilot: 'no', perplexity: 'no' });
    const [reading] = localizeEngines(
      buildContext(input).engines.filter((v) => v.id === 'copilot'),
      T.en,
    );
    expect(reading).toEqual({
      id: 'copilot',
      name: 'Microsoft Copilot (Bing)',
      status: 'no',
      reasons: ['robots.txt closes the page to Bingbot: line 3, “Disallow: /”.'],
      docs: ANSWER_ENGINES.find((e) => e.id === 'copilot')!.docs,
    });
    const [french] = localizeEngines(
      buildContext(input).engines.filter((v) => v.id === 'copilot'),
      T.fr,
    );
    expect(french!.reasons).toEqual([
      'robots.txt ferme la page à Bingbot\u00a0: ligne 3, «\u202fDisallow: /\u202f».',
    ]);
  });

  it('reads Bing’s NOARCHIVE and NOCACHE, and Google’s snippet controls, as their operators document them', () => {
    const meta = (content: string) => withPage(html({ head: `<meta name="robots" content="${content}">` }));
    expect(statuses(meta('noarchive'))).toEqual({ ...ALL_YES, copilot: 'no' });
    expect(statuses(meta('nocache'))).toEqual({ ...ALL_YES, copilot: 'limited' });
    // Bing: "If content has both NOCACHE and NOARCHIVE tags, we will treat it as NOCACHE."
    expect(statuses(meta('noarchive, nocache'))).toEqual({ ...ALL_YES, copilot: 'limited' });
    expect(statuses(meta('nosnippet'))).toEqual({ ...ALL_YES, google: 'limited' });
    expect(statuses(meta('max-snippet:50'))).toEqual({ ...ALL_YES, google: 'limited' });
    expect(statuses(meta('max-snippet:-1'))).toEqual(ALL_YES);
    const marked = withPage(
      html({
        main: `<article><h1>T</h1><p data-nosnippet>Secret.</p>${'<p>Text of the page, long enough to count as a real main text for the audit.</p>'.repeat(8)}</article>`,
      }),
    );
    expect(statuses(marked)).toEqual({ ...ALL_YES, google: 'limited' });
    // noindex: documented by Google and Bing; the other operators document no page directive.
    expect(statuses(withHeaders({ 'x-robots-tag': 'noindex' }))).toEqual({
      chatgpt: 'unknown',
      perplexity: 'unknown',
      copilot: 'no',
      google: 'no',
      claude: 'unknown',
    });
    // Addressed to Googlebot alone, it concerns Google alone.
    expect(statuses(withHeaders({ 'x-robots-tag': 'googlebot: noindex' }))).toEqual({
      ...ALL_YES,
      google: 'no',
    });
  });

  it('tells an app shell apart: no text for crawlers that run no scripts, a later rendering for Google and Bing', () => {
    const shell =
      '<!doctype html><html lang="en"><head><title>App</title><script type="module" src="/app.js"></script></head>' +
      '<body><div id="root"></div></body></html>';
    const input = withPage(shell);
    expect(statuses(input)).toEqual({
      chatgpt: 'no',
      perplexity: 'no',
      copilot: 'limited',
      google: 'limited',
      claude: 'no',
    });
    expect(reasonKeys(input, 'google')).toEqual(['engines.reason.rendersLater']);
    // A gate, like a page closed to every crawler: the overall score is held to 40.
    expect(scores(input).overall).toBeLessThanOrEqual(40);
  });

  it('reads a firewall that turns a crawler away; Googlebot refused from our address cannot be told', () => {
    const refused = resource(PAGE_URL, 'Forbidden', { status: 403 });
    const page = resource(PAGE_URL, html(), { headers: HTML_HEADERS });
    const input = {
      ...goodInput(),
      crawlerViews: viewsOf(page, { 'OAI-SearchBot': refused, Googlebot: refused }),
    };
    expect(statuses(input)).toEqual({ ...ALL_YES, chatgpt: 'no', google: 'unknown' });
  });

  it('shows user-triggered fetchers closed by robots.txt as information, in their operators’ words', () => {
    const input = withRobots('User-agent: ChatGPT-User\nUser-agent: Perplexity-User\nDisallow: /\n');
    expect(statuses(input)).toEqual(ALL_YES);
    expect(reasonKeys(input, 'chatgpt')).toEqual(['engines.reason.open', 'engines.userFetcher.mayNotApply']);
    expect(reasonKeys(input, 'perplexity')).toEqual(['engines.reason.open', 'engines.userFetcher.ignores']);
    expect(find(input, 'aiSearchAgents').status).toBe('pass');
  });
});

describe('scores an expert’s ordering agrees with', () => {
  it('lowers crawler access with each engine the page is out of, to 20 with all of them', () => {
    expect(accessCeiling(0, 0)).toBe(100);
    expect(accessCeiling(1, 0)).toBe(80);
    expect(accessCeiling(2, 0)).toBe(60);
    expect(accessCeiling(0, 1)).toBe(90);
    expect(accessCeiling(4, 0)).toBe(20);
    expect(accessCeiling(5, 0)).toBe(20);
    const closed = withRobots('User-agent: *\nDisallow: /\n');
    expect(scores(closed)).toEqual({ overall: 40, access: 20 });
  });

  it('puts a site out of Copilot and Perplexity well below one that only refuses training', () => {
    const training = withRobots(
      'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nDisallow: /\n',
    );
    const outOfTwo = withRobots('User-agent: bingbot\nUser-agent: PerplexityBot\nDisallow: /\n');
    const refusingTraining = scores(training);
    const outOfEngines = scores(outOfTwo);
    expect(refusingTraining).toEqual({ overall: 100, access: 100 });
    expect(outOfEngines.access).toBeLessThanOrEqual(60);
    expect(refusingTraining.overall - outOfEngines.overall).toBeGreaterThanOrEqual(10);
  });

  // Publishers' real robots.txt files (tests/fixtures/robots/README.md says where each comes from),
  // each served with the same well-made page.
  const publisher = (file: string) => withRobots(readFileSync(`tests/fixtures/robots/${file}.txt`, 'utf8'));

  it('orders real publishers as an expert would: out of two engines below out of one, below training only', () => {
    // The Guardian closes bingbot and PerplexityBot: out of Copilot and Perplexity.
    expect(statuses(publisher('theguardian.com'))).toEqual({ ...ALL_YES, copilot: 'no', perplexity: 'no' });
    // The New York Times, Le Monde and news.com.au close PerplexityBot (and training crawlers).
    for (const file of ['nytimes.com', 'lemonde.fr', 'news.com.au'])
      expect([file, statuses(publisher(file))]).toEqual([file, { ...ALL_YES, perplexity: 'no' }]);
    // Investopedia and the NBA close GPTBot, a training crawler, on some paths only.
    for (const file of ['investopedia.com', 'nba.com'])
      expect([file, statuses(publisher(file))]).toEqual([file, ALL_YES]);
    const guardian = scores(publisher('theguardian.com'));
    const times = scores(publisher('nytimes.com'));
    const investopedia = scores(publisher('investopedia.com'));
    expect(investopedia).toEqual({ overall: 100, access: 100 });
    expect(guardian.access).toBeLessThan(times.access);
    expect(guardian.overall).toBeLessThan(times.overall);
    expect(times.overall).toBeLessThan(investopedia.overall);
  });
});

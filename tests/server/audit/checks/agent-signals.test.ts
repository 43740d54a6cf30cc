import { describe, expect, it } from 'vitest';
import { kilobytes } from '../../../../src/server/audit/check.ts';
import {
  failure,
  find,
  GOOD_MAIN,
  goodInput,
  html,
  PAGE_URL,
  text,
  viewsOf,
  withPage,
  withRobots,
} from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// The agent signals of 2026, each a check with evidence: content signals in robots.txt
// (contentsignals.org), the page as several AI agents get it. Refusing training is the site's right.

describe('content signals', () => {
  it('reports the choices stated for every crawler, and never holds ai-train=no against the site', () => {
    const input = withRobots(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n',
    );
    expect(find(input, 'contentSignals').status).toBe('pass');
    expect(text(input, 'contentSignals').evidence).toBe(
      'robots.txt states for every crawler (line 2): search=yes, ai-input=yes, ai-train=no.',
    );
  });

  it('notes a refusal of AI answers, and does not apply when nothing was stated (issue 38)', () => {
    const refusing = withRobots('User-agent: *\nContent-Signal: search=yes, ai-input=no\n');
    expect(find(refusing, 'contentSignals').status).toBe('warning');
    expect(text(refusing, 'contentSignals', 'fr').recommendation).toContain('ai-input=no demande');
    const silent = withRobots('User-agent: *\nAllow: /\n');
    expect(find(silent, 'contentSignals').status).toBe('notApplicable');
    expect(text(silent, 'contentSignals').evidence).toMatch(/states no content signal/);
  });

  it('tells signals for some crawlers only from signals for all, and names undefined signals', () => {
    const some = withRobots(
      'User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    );
    expect(text(some, 'contentSignals').evidence).toMatch(/some crawlers only \(1 line\)/);
    const odd = withRobots('User-agent: *\nContent-Signal: search=yes, ai-summaries=no\n');
    expect(text(odd, 'contentSignals').evidence).toContain('ai-summaries');
  });
});

describe('the page as AI agents get it', () => {
  const challenge = `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>
    <div id="challenge-body-text">Checking your browser</div>
    <script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a1"></script></body></html>`;
  const same = (input = goodInput()) => input;

  it('passes when every agent gets the browser’s page, naming them all', () => {
    expect(find(same(), 'crawlerView').status).toBe('pass');
    expect(text(same(), 'crawlerView').evidence).toBe(
      `Requested as OAI-SearchBot, PerplexityBot, GPTBot, ClaudeBot, Googlebot, the page answered 200 with the same content as for a browser (${kilobytes(goodInput().page.bytes)}\u00a0KB).`,
    );
  });

  it('fails when an assistant’s agent gets a challenge, a refusal or no answer', () => {
    const page = goodInput().page;
    for (const outcome of [
      resource(PAGE_URL, challenge, { status: 200 }),
      resource(PAGE_URL, 'Too many requests', { status: 429 }),
      failure(PAGE_URL, 'unreachable', 'connection reset'),
    ]) {
      const input = { ...goodInput(), crawlerViews: viewsOf(page, { PerplexityBot: outcome }) };
      const found = find(input, 'crawlerView');
      expect(found.status).toBe('fail');
      expect(found.blocks).toBeUndefined();
      expect(found.evidence[0]!.values).toMatchObject({ agent: 'PerplexityBot' });
    }
  });

  it('warns when only training crawlers are turned away, and says the choice belongs in robots.txt', () => {
    const page = goodInput().page;
    const forbidden = resource(PAGE_URL, 'Forbidden', { status: 403 });
    const input = {
      ...goodInput(),
      crawlerViews: viewsOf(page, { GPTBot: forbidden, ClaudeBot: forbidden }),
    };
    expect(find(input, 'crawlerView').status).toBe('warning');
    expect(text(input, 'crawlerView').recommendation).toMatch(/turns away GPTBot, ClaudeBot.*robots\.txt/);
  });

  it('only warns when Googlebot alone is refused: fake Googlebots often are, the real one is not', () => {
    const page = goodInput().page;
    const input = {
      ...goodInput(),
      crawlerViews: viewsOf(page, { Googlebot: resource(PAGE_URL, 'No', { status: 403 }) }),
    };
    expect(find(input, 'crawlerView').status).toBe('warning');
    expect(text(input, 'crawlerView').recommendation).toMatch(/Search Console/);
  });

  it('does not count a captcha the page shows everyone', () => {
    const withForm = html({
      main: `${GOOD_MAIN}<form><div class="g-recaptcha" data-sitekey="x"></div></form>`,
    });
    expect(find(withPage(withForm), 'crawlerView').status).toBe('pass');
  });
});

describe('Markdown for agents', () => {
  const answered = (body: string, headers: Record<string, string>, status = 200) => ({
    ...goodInput(),
    negotiated: resource(PAGE_URL, body, { headers, status }),
  });

  it('passes Markdown with Vary: Accept', () => {
    expect(find(goodInput(), 'markdownNegotiation').status).toBe('pass');
  });

  it('warns on Markdown without Vary: Accept, and on HTML or an error instead of Markdown', () => {
    const noVary = answered('# Title', { 'content-type': 'text/markdown' });
    expect(find(noVary, 'markdownNegotiation')).toMatchObject({
      status: 'warning',
      recommendation: { key: 'items.markdownNegotiation.recommendation.vary' },
    });
    const html = answered('<html></html>', { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' });
    expect(text(html, 'markdownNegotiation').evidence).toBe(
      'Asked for the page with Accept: text/markdown, the site answered 200 with text/html, not Markdown.',
    );
    expect(find(answered('', { 'content-type': 'text/plain' }, 406), 'markdownNegotiation').status).toBe(
      'warning',
    );
    const down = { ...goodInput(), negotiated: failure(PAGE_URL, 'timeout', 'timed out after 8000 ms') };
    expect(find(down, 'markdownNegotiation').status).toBe('warning');
  });
});

describe('what the audit reads', () => {
  it('says when schema.org data sits only inside a script, and to render it on the server', () => {
    const state = `<script>window.__STATE__={"seo":{"@context":"https://schema.org","@type":"Organization"}}</script>`;
    const escaped = `<script>self.__next_f.push([1,"{\\"@context\\":\\"https://schema.org\\"}"])</script>`;
    for (const script of [state, escaped]) {
      const input = withPage(html({ jsonLd: [], main: `${GOOD_MAIN}${script}` }));
      expect(find(input, 'markup').recommendation?.key).toBe('items.markup.recommendation.render');
      expect(text(input, 'markup').evidence).toMatch(/inside the page’s scripts/);
    }
    const none = withPage(html({ jsonLd: [] }));
    expect(find(none, 'markup').recommendation?.key).toBe('items.markup.recommendation.add');
  });
});

describe('Link headers for agents (RFC 8288)', () => {
  const withLink = (link: string | undefined) => {
    const input = goodInput();
    const headers = { ...input.page.headers };
    if (link === undefined) delete headers.link;
    else headers.link = link;
    return { ...input, page: { ...input.page, headers } };
  };

  it('passes a Markdown alternate or llms.txt sent in the Link header, and names them', () => {
    expect(find(goodInput(), 'linkHeaders').status).toBe('pass');
    expect(
      text(withLink('</llms.txt>; rel="describedby"; type="text/markdown"'), 'linkHeaders').evidence,
    ).toBe('The page’s answer points agents to </llms.txt>; rel=describedby; type=text/markdown.');
  });

  it('warns when there is no Link header, or only links an agent has no use for', () => {
    expect(find(withLink(undefined), 'linkHeaders').status).toBe('warning');
    const fonts = withLink('</font.woff2>; rel=preload; as=font; crossorigin');
    expect(find(fonts, 'linkHeaders').status).toBe('warning');
    expect(text(fonts, 'linkHeaders', 'fr').evidence).toContain(
      '1\u00a0entrée Link, aucune utile à un agent',
    );
  });
});

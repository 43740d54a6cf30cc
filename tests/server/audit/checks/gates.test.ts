import { describe, expect, it } from 'vitest';
import { blockingItems, overallScore } from '../../../../src/lib/audit.ts';
import { analyze } from '../../../../src/server/audit/analyze.ts';
import { localizeFindings } from '../../../../src/server/audit/localize.ts';
import { CHECKS } from '../../../../src/server/audit/registry.ts';
import type { AuditInput } from '../../../../src/server/audit/types.ts';
import {
  find,
  goodInput,
  html,
  PAGE_URL,
  T,
  viewsOf,
  withPage,
  withRobots,
} from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// Scores that tell the truth: a page AI assistants cannot use at all scores below 50 whatever else
// it does well, and the check that blocks it leads the report (decision 023).

function report(input: AuditInput) {
  const categories = localizeFindings(analyze(input), T.en);
  return { overall: overallScore(categories), blocking: blockingItems(categories).map((i) => i.id) };
}

const withHeaders = (headers: Record<string, string>, head = '') => {
  const input = withPage(html({ head }));
  return { ...input, page: { ...input.page, headers: { ...input.page.headers, ...headers } } };
};

describe('pages AI assistants cannot use', () => {
  it('scores a well-made page 100 with nothing blocking', () => {
    expect(report(goodInput())).toEqual({ overall: 100, blocking: [] });
  });

  it('caps a site whose robots.txt disallows everything for everyone', () => {
    expect(report(withRobots('User-agent: *\nDisallow: /\n'))).toEqual({
      overall: 40,
      blocking: ['answerEngines'],
    });
  });

  it('caps a site whose robots.txt answers 5xx (RFC 9309: assume everything is disallowed)', () => {
    const input = { ...goodInput(), robots: resource(`${PAGE_URL}/robots.txt`, 'oops', { status: 503 }) };
    expect(report(input).blocking).toEqual(['answerEngines']);
  });

  it('does not cap a page blocked for some agents only, though that agent check fails', () => {
    const input = withRobots('User-agent: PerplexityBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(find(input, 'aiSearchAgents').status).toBe('fail');
    expect(report(input).blocking).toEqual([]);
  });

  it('caps noindex and none, in a meta tag or the header, when they address every crawler', () => {
    const meta = (content: string) => `<meta name="robots" content="${content}">`;
    expect(report(withPage(html({ head: meta('noindex') }))).blocking).toEqual(['pageDirectives']);
    expect(report(withHeaders({ 'x-robots-tag': 'none' })).overall).toBeLessThan(50);
    // Addressed to one crawler only: a failure, not a page nobody can use.
    const scoped = withHeaders({ 'x-robots-tag': 'googlebot: noindex' });
    expect(find(scoped, 'pageDirectives').status).toBe('fail');
    expect(report(scoped).blocking).toEqual([]);
  });

  it('reads unavailable_after: a past date keeps the page out of results, a future one does not', () => {
    // The fixtures' clock is 2025-06-15.
    for (const date of ['2025-06-01', '25 Jun 2024 15:00:00 PST', 'Sunday, 01-Jun-25 08:49:37 GMT']) {
      const meta = withPage(html({ head: `<meta name="robots" content="unavailable_after: ${date}">` }));
      expect(find(meta, 'pageDirectives'), date).toMatchObject({ status: 'fail', blocks: true });
      const header = withHeaders({ 'x-robots-tag': `unavailable_after: ${date}` });
      expect(find(header, 'pageDirectives'), date).toMatchObject({ status: 'fail', blocks: true });
    }
    const future = withHeaders({ 'x-robots-tag': 'unavailable_after: 2030-01-01' });
    expect(find(future, 'pageDirectives').status).toBe('pass');
    const unreadable = withHeaders({ 'x-robots-tag': 'unavailable_after: soon' });
    expect(find(unreadable, 'pageDirectives').status).toBe('pass');
  });

  it('caps a page a firewall refuses to AI crawlers, not one that only answers them shorter', () => {
    const input = goodInput();
    const page = input.page;
    const forbidden = resource(PAGE_URL, 'Forbidden', { status: 403 });
    // Every AI agent refused; Googlebot let through, as firewalls often do.
    const refused = {
      ...input,
      crawlerViews: viewsOf(forbidden, { Googlebot: page }),
    };
    expect(report(refused)).toMatchObject({ blocking: ['crawlerView'] });
    expect(report(refused).overall).toBeLessThan(50);
    const short = resource(PAGE_URL, '<html><body><p>Hi</p></body></html>');
    const shorter = { ...input, crawlerViews: viewsOf(short) };
    expect(find(shorter, 'crawlerView').status).toBe('fail');
    expect(report(shorter).blocking).toEqual([]);
  });

  it('lets only the checks declared as gates block', () => {
    const gates = CHECKS.filter((c) => c.gate).map((c) => c.id);
    expect(gates).toEqual(['httpStatus', 'answerEngines', 'pageDirectives', 'crawlerView', 'mainText']);
  });
});

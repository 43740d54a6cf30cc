import { describe, expect, it } from 'vitest';
import { markdownAlternateOf } from '../../../../src/server/audit/read/html.ts';
import type { AuditInput, FetchedResource } from '../../../../src/server/audit/types.ts';
import {
  find,
  GOOD_HEAD,
  goodInput,
  html,
  ORIGIN,
  PAGE_URL,
  viewsOf,
  withPage,
} from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// The audit's checks on small fixtures (tests/fixtures/audit-inputs.ts): a page that passes
// everything (tests/server/audit/analyze.test.ts), then one fault at a time.
// The technical checks: HTTPS, delivery, viewport, llms.txt, Markdown and feeds.

describe('technical', () => {
  it('fails plain HTTP', () => {
    const input = goodInput();
    input.page = { ...input.page, url: 'http://www.example.com/x', finalUrl: 'http://www.example.com/x' };
    expect(find(input, 'https').status).toBe('fail');
  });

  it('grades time to first byte and HTML weight', () => {
    // Every parallel request of the page answers as slowly, unless told otherwise.
    const at = (extra: Partial<FetchedResource>) => {
      const page = { ...goodInput().page, ...extra };
      return { ...goodInput(), page, crawlerViews: viewsOf(page) };
    };
    expect(find(at({ ttfbMs: 800 }), 'ttfb').status).toBe('pass');
    expect(find(at({ ttfbMs: 1800 }), 'ttfb').status).toBe('warning');
    expect(find(at({ ttfbMs: 1801 }), 'ttfb').status).toBe('fail');
    // The fastest answer of the same page counts: the others queued behind the audit's own requests.
    const slowFirst = at({ ttfbMs: 2500 });
    slowFirst.crawlerViews[1] = {
      ...slowFirst.crawlerViews[1]!,
      outcome: { ...slowFirst.page, ttfbMs: 300 },
    };
    expect(find(slowFirst, 'ttfb')).toMatchObject({ status: 'pass', evidence: [{ values: { ms: 300 } }] });
    expect(find(at({ bytes: 512 * 1024 }), 'htmlWeight').status).toBe('pass');
    expect(find(at({ bytes: 600 * 1024 }), 'htmlWeight')).toMatchObject({
      status: 'warning',
      evidence: [{ values: { kb: 600 } }],
    });
    expect(find(at({ bytes: 2 * 1024 * 1024 }), 'htmlWeight').status).toBe('fail');
  });

  it('checks compression above 1 KB, and the viewport', () => {
    const plain = withPage(html(), { headers: { 'content-type': 'text/html' } });
    expect(find(plain, 'compression').status).toBe('warning');
    expect(find(withPage('<p>tiny</p>', { headers: {} }), 'compression').status).toBe('pass');
    expect(find(withPage(html({ head: '' })), 'viewport').status).toBe('warning');
  });

  it('checks llms.txt: absent or malformed is a low-weight warning', () => {
    const withLlms = (llms: AuditInput['llms']) => find({ ...goodInput(), llms }, 'llmsTxt');
    const absent = withLlms(resource(`${ORIGIN}/llms.txt`, 'Not found', { status: 404 }));
    expect(absent).toMatchObject({ status: 'warning', weight: 0.5 });
    const noTitle = withLlms(
      resource(`${ORIGIN}/llms.txt`, 'Welcome!\n\n## Docs\n\n- [A](https://x.test/a)\n'),
    );
    expect(noTitle.evidence.map((m) => m.key)).toEqual(['items.llmsTxt.evidence.noH1']);
    const badList = withLlms(
      resource(`${ORIGIN}/llms.txt`, '# Site\n\n## Docs\n\n- just words\n- [A](https://x.test/a)\n'),
    );
    expect(badList.evidence[0]).toEqual({ key: 'items.llmsTxt.evidence.badItems', values: { count: 1 } });
    const spa = withLlms(
      resource(`${ORIGIN}/llms.txt`, '<!doctype html><html></html>', {
        headers: { 'content-type': 'text/html' },
      }),
    );
    expect(spa.evidence[0]?.key).toBe('items.llmsTxt.evidence.html');
  });

  it('checks for a Markdown version and a feed', () => {
    const noAlternate = GOOD_HEAD.split('\n')
      .filter((l) => !l.includes('text/markdown') && !l.includes('rss'))
      .join('\n');
    const input = withPage(html({ head: noAlternate }));
    expect(find(input, 'markdownVersion').evidence[0]?.key).toBe('items.markdownVersion.evidence.none');
    expect(find(input, 'feed').status).toBe('warning');
    const full = { ...input, markdown: resource(`${ORIGIN}/llms-full.txt`, '# Example\n\nEverything.') };
    expect(find(full, 'markdownVersion').evidence[0]?.key).toBe('items.markdownVersion.evidence.llmsFull');
    const broken = {
      ...goodInput(),
      markdown: resource(`${ORIGIN}/guide/answer-engines.md`, 'gone', { status: 404 }),
    };
    expect(find(broken, 'markdownVersion').status).toBe('warning');
    expect(markdownAlternateOf(html(), PAGE_URL)).toBe(`${ORIGIN}/guide/answer-engines.md`);
  });
});

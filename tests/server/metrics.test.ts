import { describe, expect, it } from 'vitest';
import { createMetrics, hasMetricsToken, routeLabel } from '../../src/server/metrics.ts';
import { FORM_ENDPOINTS } from '../../src/lib/form-limits.ts';
import { PAGES } from '../../src/site.ts';

// Metric labels come from a fixed set, whatever the path; /metrics is read with its own token.

describe('routeLabel', () => {
  it('names the known routes', () => {
    expect(routeLabel('/api/visitor', 200)).toBe('/api/visitor');
    expect(routeLabel('/api/audit', 200)).toBe('/api/audit');
    for (const endpoint of FORM_ENDPOINTS) expect(routeLabel(endpoint, 200)).toBe(endpoint);
    expect(routeLabel('/api/blog/en', 200)).toBe('/api/blog');
    expect(routeLabel('/api/blog/fr/some-article', 404)).toBe('/api/blog');
    expect(routeLabel('/en/guide', 200)).toBe('page:guide');
    expect(routeLabel('/fr/', 200)).toBe('page:home');
    expect(routeLabel('/en/blog/some-article', 200)).toBe('page:article');
    expect(routeLabel('/en/newsletter/unsubscribe', 200)).toBe('page:newsletter');
    expect(routeLabel('/robots.txt', 200)).toBe('/robots.txt');
    expect(routeLabel('/en/guide.md', 200)).toBe('markdown');
  });

  it('gives every made-up path one of a fixed set of labels, whatever its status', () => {
    const known = new Set([
      'asset',
      'api_other',
      '/api/visitor',
      '/api/audit',
      '/api/blog',
      ...FORM_ENDPOINTS,
      '/healthz',
      '/readyz',
      '/metrics',
      'markdown',
      'feed',
      'not-found',
      'redirect',
      'page:article',
      'page:newsletter',
      ...PAGES.map((p) => `page:${p.path || 'home'}`),
      'other',
    ]);
    const labels = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const junk = `x${i}${'y'.repeat(i % 7)}`;
      for (const status of [200, 301, 400, 404, 405, 414, 429, 500])
        for (const path of [
          `/api/${junk}`,
          `/api/${junk}/deeper`,
          `/en/${junk}`,
          `/fr/${junk}/${junk}`,
          `/${junk}`,
          `/${junk}.txt`,
        ])
          labels.add(routeLabel(path, status));
    }
    expect([...labels].filter((label) => !known.has(label))).toEqual([]);
    expect(routeLabel(`/api/${'a'.repeat(2000)}`, 429)).toBe('api_other');
    expect(routeLabel(`/en/${'a'.repeat(2000)}`, 429)).toBe('other');
  });
});

describe('request metrics', () => {
  it('stay small however many distinct paths are requested', async () => {
    const metrics = createMetrics();
    const finish: (() => void)[] = [];
    const fakeRes = (status: number) => ({
      statusCode: status,
      on: (_event: string, listener: () => void) => finish.push(listener),
    });
    for (let i = 0; i < 5000; i++) {
      for (const [path, method] of [
        [`/api/${i}-${'z'.repeat(100)}`, 'GET'],
        [`/en/${i}`, 'PATCH'],
      ] as const)
        metrics.middleware({ path, method } as never, fakeRes(i % 2 ? 429 : 404) as never, () => undefined);
    }
    for (const listener of finish) listener();
    const text = await metrics.registry.metrics();
    expect(text).not.toMatch(/z{100}/);
    expect(text).toContain('route="api_other"');
    expect(text).toContain('method="other"');
    expect(text.length).toBeLessThan(100_000);
  });
});

describe('hasMetricsToken', () => {
  const token = 'a'.repeat(40);
  it('accepts the bearer token, and nothing else', () => {
    expect(hasMetricsToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasMetricsToken(`bearer ${token}`, token)).toBe(true);
    for (const header of [
      undefined,
      '',
      token,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Basic ${token}`,
      `Bearer ${token} extra`,
      'Bearer ',
    ])
      expect(hasMetricsToken(header, token), String(header)).toBe(false);
  });
});

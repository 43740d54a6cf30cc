import type { AuditCategory } from './audit.ts';

// The audit's results are fixed sample data (spec §3), the same for every address and language.
// Scores and statuses live here; names, descriptions and recommendations live in the `tools`
// translation namespace under `results.categories.{categoryId}` and `….items.{itemId}`.
// Ids are stable: they key the translations and the tests.

export const SAMPLE_AUDIT: readonly AuditCategory[] = [
  {
    id: 'crawlerAccess',
    score: 92,
    status: 'excellent',
    items: [
      { id: 'robotsTxt', status: 'pass', hasRecommendation: false },
      { id: 'serverRendering', status: 'pass', hasRecommendation: false },
      { id: 'firewall', status: 'pass', hasRecommendation: false },
      { id: 'sitemap', status: 'pass', hasRecommendation: false },
      { id: 'llmsTxt', status: 'warning', hasRecommendation: true },
    ],
  },
  {
    id: 'structuredData',
    score: 84,
    status: 'good',
    items: [
      { id: 'organization', status: 'pass', hasRecommendation: false },
      { id: 'breadcrumbs', status: 'pass', hasRecommendation: false },
      { id: 'faqMarkup', status: 'warning', hasRecommendation: true },
      { id: 'articleMarkup', status: 'fail', hasRecommendation: true },
    ],
  },
  {
    id: 'citability',
    score: 78,
    status: 'good',
    items: [
      { id: 'headings', status: 'pass', hasRecommendation: false },
      { id: 'freshness', status: 'pass', hasRecommendation: false },
      { id: 'answerFirst', status: 'warning', hasRecommendation: true },
      { id: 'authors', status: 'warning', hasRecommendation: true },
      { id: 'originalData', status: 'fail', hasRecommendation: true },
    ],
  },
  {
    id: 'performance',
    score: 88,
    status: 'good',
    items: [
      { id: 'coreWebVitals', status: 'pass', hasRecommendation: false },
      { id: 'https', status: 'pass', hasRecommendation: false },
      { id: 'mobile', status: 'pass', hasRecommendation: false },
      { id: 'serverResponse', status: 'warning', hasRecommendation: true },
      { id: 'imageAlt', status: 'warning', hasRecommendation: true },
    ],
  },
];

import { answerEngines } from './checks/answer-engines.ts';
import { authorDate, freshness } from './checks/authorship.ts';
import { canonical } from './checks/canonical.ts';
import { contentSignals } from './checks/content-signals.ts';
import { crawlerView } from './checks/crawler-view.ts';
import { compression, htmlWeight, https, ttfb } from './checks/delivery.ts';
import { facts } from './checks/facts.ts';
import { httpStatus } from './checks/http-status.ts';
import { imageAlt } from './checks/images.ts';
import { language } from './checks/language.ts';
import { linkHeaders } from './checks/link-headers.ts';
import { feed, llmsTxt, markdownVersion } from './checks/machine-readable.ts';
import { directAnswer, headings, listsTables, mainText } from './checks/main-text.ts';
import { markdownNegotiation } from './checks/markdown-negotiation.ts';
import { pageDirectives } from './checks/page-directives.ts';
import { openGraph, titleDescription } from './checks/previews.ts';
import { aiSearchAgents, robotsTxt, trainingAgents } from './checks/robots-rules.ts';
import { sitemap } from './checks/sitemap-listing.ts';
import {
  consistency,
  identity,
  markup,
  product,
  typeProperties,
  vocabulary,
} from './checks/structured-data.ts';
import { viewport } from './checks/viewport.ts';
import { CATEGORY_IDS, type CategoryId, type PageType } from '../../lib/audit.ts';
import { check, type CheckDefinition } from './check.ts';

// Every check of the audit, in report order within its category, with its weight in its category's
// score (1 normal, 0.5 minor, 2 major, 0 informative), the resources it reads besides the page, and
// whether failing it makes the page unusable by AI assistants (a gate, decision 023). Adding a check
// is its function in its family's file under checks/ and one row here; its title, evidence and
// recommendation texts go in both languages' audit.json. Everything else derives from this list:
// the categories and their scores, the resources an audit needs, and the number of checks the
// site's copy states (tests/server/audit/registry.test.ts holds copy and registry together).

/**
 * Pages judged by their text as an answer (issue 36): not a product page, a local business or a home
 * page, which are judged by what they sell, where they are and who they are.
 */
const ANSWER_PAGES: readonly PageType[] = ['article', 'documentation', 'other'];
/** Pages whose author and date engines weigh: all but product and local business pages. */
const AUTHORED_PAGES: readonly PageType[] = ['article', 'documentation', 'home', 'other'];

export const CHECKS: readonly CheckDefinition[] = [
  check('httpStatus', 'crawlerAccess', httpStatus, { weight: 2, gate: true }),
  // Each engine the page is out of lowers the category's ceiling; all of them out is a gate.
  check('answerEngines', 'crawlerAccess', answerEngines, { weight: 2, gate: true }),
  check('robotsTxt', 'crawlerAccess', robotsTxt, { needs: ['robots'] }),
  check('aiSearchAgents', 'crawlerAccess', aiSearchAgents, { weight: 2, needs: ['robots'] }),
  // Informative: a stated choice about training says nothing about whether answers can cite the page.
  check('trainingAgents', 'crawlerAccess', trainingAgents, { weight: 0, needs: ['robots'] }),
  check('contentSignals', 'crawlerAccess', contentSignals, { weight: 0.5, needs: ['robots'] }),
  check('pageDirectives', 'crawlerAccess', pageDirectives, { weight: 2, gate: true }),
  check('crawlerView', 'crawlerAccess', crawlerView, { weight: 2, needs: ['crawlerView'], gate: true }),
  check('sitemap', 'crawlerAccess', sitemap, { needs: ['robots', 'sitemap'] }),
  check('markup', 'structuredData', markup, { weight: 2 }),
  check('vocabulary', 'structuredData', vocabulary),
  check('consistency', 'structuredData', consistency),
  check('identity', 'structuredData', identity),
  check('typeProperties', 'structuredData', typeProperties),
  check('product', 'structuredData', product, { weight: 2, appliesTo: ['product'] }),
  check('openGraph', 'structuredData', openGraph),
  check('titleDescription', 'structuredData', titleDescription),
  check('canonical', 'structuredData', canonical),
  check('language', 'structuredData', language, { weight: 0.5 }),
  // No main content in the HTML the server sends (an app shell): no engine can quote it, a gate.
  check('mainText', 'citability', mainText, { weight: 2, gate: true }),
  check('headings', 'citability', headings),
  check('directAnswer', 'citability', directAnswer, { appliesTo: ANSWER_PAGES }),
  check('listsTables', 'citability', listsTables, { weight: 0.5 }),
  // Figures and outside sources back an argument; reference pages and shop pages make none.
  check('facts', 'citability', facts, { appliesTo: ['article', 'other'] }),
  check('authorDate', 'citability', authorDate, { appliesTo: AUTHORED_PAGES }),
  check('freshness', 'citability', freshness, { needs: ['sitemap'], appliesTo: AUTHORED_PAGES }),
  check('imageAlt', 'citability', imageAlt),
  check('https', 'technical', https, { weight: 2 }),
  check('ttfb', 'technical', ttfb),
  check('htmlWeight', 'technical', htmlWeight),
  check('compression', 'technical', compression, { weight: 0.5 }),
  check('viewport', 'technical', viewport, { weight: 0.5 }),
  check('llmsTxt', 'technical', llmsTxt, { weight: 0.5, needs: ['llms'] }),
  check('markdownVersion', 'technical', markdownVersion, { weight: 0.5, needs: ['markdown'] }),
  check('markdownNegotiation', 'technical', markdownNegotiation, { weight: 0.5, needs: ['markdown'] }),
  check('linkHeaders', 'technical', linkHeaders, { weight: 0.5 }),
  check('feed', 'technical', feed, { weight: 0.5 }),
];

/** The checks of each category, in report order. */
export function checksOf(category: CategoryId): CheckDefinition[] {
  return CHECKS.filter((item) => item.category === category);
}

/** Categories in report order, each with its checks. */
export const CATEGORIES = CATEGORY_IDS.map((id) => ({ id, checks: checksOf(id) }));

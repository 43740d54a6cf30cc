import { CATEGORY_IDS, type CategoryId } from '../../lib/audit.ts';
import type { CheckDefinition } from './check.ts';
import { authorDateCheck, freshnessCheck } from './checks/authorship.ts';
import { canonicalCheck } from './checks/canonical.ts';
import { contentSignalsCheck } from './checks/content-signals.ts';
import { crawlerViewCheck } from './checks/crawler-view.ts';
import { compressionCheck, htmlWeightCheck, httpsCheck, ttfbCheck } from './checks/delivery.ts';
import { factsCheck } from './checks/facts.ts';
import { httpStatusCheck } from './checks/http-status.ts';
import { imageAltCheck } from './checks/images.ts';
import { identityCheck, jsonLdCheck, typePropertiesCheck } from './checks/json-ld.ts';
import { languageCheck } from './checks/language.ts';
import { feedCheck, llmsTxtCheck, markdownVersionCheck } from './checks/machine-readable.ts';
import { linkHeadersCheck } from './checks/link-headers.ts';
import { markdownNegotiationCheck } from './checks/markdown-negotiation.ts';
import { directAnswerCheck, headingsCheck, listsTablesCheck, mainTextCheck } from './checks/main-text.ts';
import { pageDirectivesCheck } from './checks/page-directives.ts';
import { openGraphCheck, titleDescriptionCheck } from './checks/previews.ts';
import { aiSearchAgentsCheck, robotsTxtCheck, trainingAgentsCheck } from './checks/robots-rules.ts';
import { sitemapCheck } from './checks/sitemap-listing.ts';
import { viewportCheck } from './checks/viewport.ts';

// Every check of the audit, in report order within its category. Adding a check is one declaration
// (check.ts) in its family's file under checks/ and one line here; its title, evidence and
// recommendation texts go in both languages' audit.json. Everything else derives from this list:
// the categories and their scores, the resources an audit needs, and the number of checks the
// site's copy states (tests/server/audit/registry.test.ts holds copy and registry together).

export const CHECKS: readonly CheckDefinition[] = [
  httpStatusCheck,
  robotsTxtCheck,
  aiSearchAgentsCheck,
  trainingAgentsCheck,
  contentSignalsCheck,
  pageDirectivesCheck,
  crawlerViewCheck,
  sitemapCheck,
  jsonLdCheck,
  identityCheck,
  typePropertiesCheck,
  openGraphCheck,
  titleDescriptionCheck,
  canonicalCheck,
  languageCheck,
  mainTextCheck,
  headingsCheck,
  directAnswerCheck,
  listsTablesCheck,
  factsCheck,
  authorDateCheck,
  freshnessCheck,
  imageAltCheck,
  httpsCheck,
  ttfbCheck,
  htmlWeightCheck,
  compressionCheck,
  viewportCheck,
  llmsTxtCheck,
  markdownVersionCheck,
  markdownNegotiationCheck,
  linkHeadersCheck,
  feedCheck,
];

/** The checks of each category, in report order. */
export function checksOf(category: CategoryId): CheckDefinition[] {
  return CHECKS.filter((check) => check.category === category);
}

/** Categories in report order, each with its checks. */
export const CATEGORIES = CATEGORY_IDS.map((id) => ({ id, checks: checksOf(id) }));

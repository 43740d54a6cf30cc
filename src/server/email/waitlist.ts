import {
  categoryStatus,
  scoreBand,
  scoreMessageKey,
  topFindings,
  type AuditOutcome,
  type FixableItem,
  type AuditReport,
} from '../../lib/audit.ts';
import { longDate } from '../../lib/format.ts';
import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import { bounded, displayDomain, letter, type EmailContext } from './compose.ts';
import type { Block, Finding, Inline } from './layout.ts';
import { pageUrl, toolsUrl } from './links.ts';

// The waitlist confirmation (decision 018): the visitor is on the list, and the email carries the
// free AI citation audit of the website they gave, or says plainly why there is none yet.

/** How many findings the email lists; the full report on the site has the rest. */
export const TOP_FINDINGS = 6;
/** The failure reasons the emails explain; any other is described generically. */
const EXPLAINED = new Set(['refused', 'unreachable', 'timeout', 'httpError', 'notHtml', 'tooLarge']);

/** The key of `waitlist.failed.reasons` (and `.check`) that explains an audit's failure. */
export function failureReason(reason: string): string {
  return EXPLAINED.has(reason) ? reason : 'other';
}

export interface WaitlistEmail {
  /** The greeting's name (greetingName), or null. */
  name: string | null;
  /** The origin of the website the visitor gave (websiteOrigin); null when missing or unusable. */
  website: string | null;
  /** The audit of `website` (never a transient failure: those are retried, not sent). */
  outcome: AuditOutcome | null;
  /** The audit was not run (the visitor's address had used up its audits): the email links to it. */
  auditLink?: boolean;
}

/** A score as the emails show it: a whole number from 0 to 100, whatever the report holds. */
export const score100 = (n: number) => Math.min(100, Math.max(0, Math.round(Number.isFinite(n) ? n : 0)));

// What to fix first is one selection for the emails and the report's pages (issue 38): src/lib.
export { topFindings, type FixableItem };

/** A report's date in the email's language, or null when it is not a date. */
export function auditedOn(iso: string, ctx: EmailContext): string | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  const date = longDate(iso, ctx.lang);
  // French writes the first of the month as an ordinal: « 1er mars 2025 ».
  return ctx.lang === 'fr' ? date.replace(/^1 /, '1er ') : date;
}

function reportBlocks(ctx: EmailContext, report: AuditReport, website: string): Block[] {
  const { t } = ctx;
  const domain = displayDomain(website);
  const blocks: Block[] = [{ type: 'heading', level: 2, text: t('waitlist.report.title', { domain }) }];

  const date = auditedOn(report.auditedAt, ctx);
  if (date) {
    // The address the visitor gave, not where the site redirected it: the audited site chooses that
    // (decision 050).
    blocks.push({
      type: 'paragraph',
      muted: true,
      content: [t('waitlist.report.audited', { date, url: website })],
    });
  }
  blocks.push(...scoreBlocks(ctx, report));

  const { top, more } = topFindings(report, TOP_FINDINGS);
  blocks.push(...findingsBlocks(ctx, top, more));
  blocks.push({
    type: 'button',
    href: toolsUrl(ctx.siteUrl, ctx.lang, website),
    text: t('waitlist.report.button', { domain }),
  });
  blocks.push({ type: 'paragraph', muted: true, content: [t('waitlist.report.buttonNote')] });
  return blocks;
}

/** The overall score and the four categories' scores (the waitlist and report emails). */
export function scoreBlocks(ctx: EmailContext, report: AuditReport): Block[] {
  const { t } = ctx;
  const overall = score100(report.overall);
  const outOf = (score: number) => t('waitlist.report.outOf', { score });
  const blocks: Block[] = [];
  blocks.push({
    type: 'score',
    label: t('waitlist.report.overall'),
    score: overall,
    outOf: t('tools:results.overall.outOf'),
    message: t(`tools:${scoreMessageKey(overall)}`),
    band: scoreBand(overall),
    text: t('layout.labelled', { label: t('waitlist.report.overall'), value: outOf(overall) }),
  });

  blocks.push({ type: 'heading', level: 3, text: t('waitlist.report.categoriesTitle') });
  blocks.push({
    type: 'scores',
    items: report.categories.map((category) => {
      const score = score100(category.score);
      const name = t(`tools:results.categories.${category.id}.name`);
      const status = t(`tools:results.categoryStatus.${categoryStatus(score)}`);
      return {
        name,
        status,
        band: scoreBand(score),
        value: outOf(score),
        text: t('layout.labelled', { label: name, value: `${outOf(score)} (${status})` }),
      };
    }),
  });
  return blocks;
}

/**
 * Checks whose recommendation may quote the audited site: `identity` names the site's own JSON-LD
 * type (any name ending in "Organization" or "Business"), `pageDirectives` a robots directive as the
 * site wrote it (`unavailable_after: <date>`). Every other recommendation, and every check's title,
 * is our text with our values only (agents, tags and properties from our lists): a unit test reads
 * each recommendation with a value in `audit.json` and fails until it is classified here or there.
 */
export const RECOMMENDATIONS_QUOTING_SITE: ReadonlySet<string> = new Set(['identity', 'pageDirectives']);

/**
 * What to fix first: `top` (topFindings: failed checks, then warnings), each with its title and,
 * unless it quotes the audited site, its recommendation; `more` counts the ones left to the full
 * report. No evidence: it is the audited site's text, and whoever asked for the email chose the site
 * and the address it goes to (decision 050). The report's page has it all.
 */
export function findingsBlocks(ctx: EmailContext, top: FixableItem[], more: number): Block[] {
  const { t } = ctx;
  const blocks: Block[] = [];
  blocks.push({ type: 'heading', level: 2, text: t('waitlist.report.findingsTitle') });
  if (top.length === 0) {
    blocks.push({ type: 'paragraph', content: [t('waitlist.report.allPassed')] });
  } else {
    blocks.push({ type: 'paragraph', content: [t('waitlist.report.findingsIntro', { count: top.length })] });
    blocks.push({
      type: 'findings',
      items: top.map((item): Finding => {
        const ours = item.recommendation && !RECOMMENDATIONS_QUOTING_SITE.has(item.id);
        return {
          status: item.status,
          statusLabel: t(`tools:results.itemStatus.${item.status}`),
          title: bounded(item.title, 200),
          recommendationLabel: t('tools:results.recommendation'),
          recommendation: ours ? bounded(item.recommendation!, 600) : undefined,
        };
      }),
    });
    if (more > 0) blocks.push({ type: 'paragraph', content: [t('waitlist.report.more', { count: more })] });
  }
  return blocks;
}

function failureBlocks(ctx: EmailContext, reason: string, website: string): Block[] {
  const { t } = ctx;
  const domain = displayDomain(website);
  const key = failureReason(reason);
  return [
    { type: 'heading', level: 2, text: t('waitlist.failed.title', { domain }) },
    { type: 'paragraph', content: [t('waitlist.failed.intro', { url: website })] },
    { type: 'paragraph', content: [{ strong: t(`waitlist.failed.reasons.${key}`) }] },
    { type: 'heading', level: 3, text: t('waitlist.failed.checkTitle') },
    { type: 'paragraph', content: [t(`waitlist.failed.check.${key}`)] },
    { type: 'paragraph', content: [t('waitlist.failed.retry')] },
    {
      type: 'button',
      href: toolsUrl(ctx.siteUrl, ctx.lang, website),
      text: t('waitlist.failed.button', { domain }),
    },
  ];
}

export function waitlistConfirmation(ctx: EmailContext, input: WaitlistEmail): VisitorMail {
  const { t } = ctx;
  const { website, outcome } = input;
  const variant =
    website && input.auditLink
      ? 'link'
      : website && outcome
        ? outcome.ok
          ? 'audit'
          : 'failed'
        : 'noWebsite';
  const domain = website ? displayDomain(website) : '';
  const score = outcome?.ok ? score100(outcome.report.overall) : 0;

  const body: Block[] = [{ type: 'paragraph', content: [t('waitlist.intro')] }];
  if (website && outcome?.ok) {
    body.push(
      { type: 'paragraph', content: [t('waitlist.auditIntro')] },
      ...reportBlocks(ctx, outcome.report, website),
    );
  } else if (website && outcome && !outcome.ok) {
    body.push(...failureBlocks(ctx, outcome.reason, website));
  } else if (website && variant === 'link') {
    body.push(
      { type: 'paragraph', content: [t('waitlist.link.text', { domain })] },
      {
        type: 'button',
        href: toolsUrl(ctx.siteUrl, ctx.lang, website),
        text: t('waitlist.link.button', { domain }),
      },
    );
  } else {
    body.push(
      { type: 'paragraph', content: [t('waitlist.noWebsite.text')] },
      { type: 'button', href: toolsUrl(ctx.siteUrl, ctx.lang), text: t('waitlist.noWebsite.button') },
    );
  }

  const questions: Inline[] = [
    t('waitlist.next.questions'),
    ' ',
    { href: pageUrl(ctx.siteUrl, ctx.lang, 'contact'), text: t('layout.contactLink') },
  ];
  body.push(
    { type: 'heading', level: 2, text: t('waitlist.next.title') },
    {
      type: 'list',
      items: [
        [t('waitlist.next.spot')],
        ...(variant === 'audit' ? [[t('waitlist.next.plan')]] : []),
        questions,
      ],
    },
  );

  return letter(ctx, 'waitlist', {
    subject: t(`waitlist.subject.${variant}`, { domain, score }),
    preheader: t(`waitlist.preheader.${variant}`, { domain, score }),
    name: input.name,
    body,
  });
}

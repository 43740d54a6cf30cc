import type { AuditErrorReason, AuditReport } from '../../lib/audit.ts';
import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import {
  bounded,
  confirmation,
  displayDomain,
  letter,
  type EmailContext,
  type LetterParts,
} from './compose.ts';
import type { Block } from './layout.ts';
import { listUnsubscribeHeaders, reportPageUrl } from './links.ts';
import { changesLine } from './report-summary.ts';
import { auditedOn, failureReason, findingsBlocks, scoreBlocks, score100, topFindings } from './waitlist.ts';

// The monthly re-check's emails (decision 032): the double opt-in, then one email a month with what
// changed since the previous report (or why the site could not be audited this time). Each carries
// the one-click unsubscribe link in its footer and in the List-Unsubscribe headers (RFC 8058). The
// audited site's text (its address, the checks' evidence) is plain text, clipped here and escaped by
// the layout; the only links are our own.

/** The re-check email lists this many changed checks; the report has the rest. */
export const RECHECK_CHANGES_LISTED = 8;
/** And this many fixes. */
const RECHECK_TOP_FIXES = 3;

interface Subscription {
  /** The re-checked address (as the audit normalised it). */
  address: string;
  /** The one-click unsubscribe link of the subscription. */
  unsubscribeUrl: string;
}

export interface RecheckOptinEmail extends Subscription {
  confirmUrl: string;
}

export type RecheckReportEmail = Subscription & {
  /** When the next re-check is due (ISO 8601). */
  nextCheckAt: string;
  /** When this re-check ran (ISO 8601). */
  checkedAt: string;
} & (
    | {
        /** This month's report in the email's language, compared with the subscription's previous one. */
        report: AuditReport;
        reportId: string;
      }
    | {
        /** Why the site could not be audited this month; the previous report stays the latest. */
        failure: AuditErrorReason;
        previousReportId: string;
      }
  );

/** What both emails share: the unsubscribe line of the footer, its headers, the domain in `why`. */
function subscriptionLetter(
  ctx: EmailContext,
  input: Subscription,
  parts: Omit<LetterParts, 'footerExtra' | 'why'>,
): VisitorMail {
  const { t } = ctx;
  const domain = displayDomain(input.address);
  return letter(
    ctx,
    'recheck',
    {
      ...parts,
      why: { domain },
      footerExtra: [
        {
          type: 'paragraph',
          muted: true,
          content: [
            t('recheck.promise'),
            ' ',
            { href: input.unsubscribeUrl, text: t('recheck.unsubscribe', { domain }) },
          ],
        },
      ],
    },
    listUnsubscribeHeaders(input.unsubscribeUrl),
  );
}

/** The address as a labelled row: the site chose it, so it is text, never a link of ours. */
function addressRow(ctx: EmailContext, address: string): Block {
  const { t } = ctx;
  return {
    type: 'fields',
    rows: [
      {
        label: t('recheck.address'),
        textLabel: t('layout.label', { label: t('recheck.address') }),
        value: bounded(address, 200),
      },
    ],
  };
}

export function recheckOptin(ctx: EmailContext, input: RecheckOptinEmail): VisitorMail {
  const { t } = ctx;
  const domain = displayDomain(input.address);
  return subscriptionLetter(ctx, input, {
    subject: t('recheck.optin.subject', { domain }),
    preheader: t('recheck.optin.preheader', { domain }),
    title: t('recheck.optin.title'),
    body: [
      { type: 'paragraph', content: [t('recheck.optin.intro', { domain, email: ctx.email })] },
      addressRow(ctx, input.address),
      ...confirmation(ctx, 'recheck.optin', input.confirmUrl),
    ],
  });
}

/** The checks whose result changed, as a list ("Title: Pass → Fail"), then how many more there are. */
function changedChecks(ctx: EmailContext, report: AuditReport): Block[] {
  const { t } = ctx;
  const checks = report.changes?.checks ?? [];
  if (checks.length === 0) return [];
  const status = (s: string) => t(`tools:results.itemStatus.${s}`);
  const listed = checks.slice(0, RECHECK_CHANGES_LISTED);
  const blocks: Block[] = [
    { type: 'heading', level: 3, text: t('recheck.report.changedTitle') },
    {
      type: 'list',
      items: listed.map((check) => [
        t('recheck.report.change', {
          title: bounded(check.title, 200),
          before: status(check.before),
          after: status(check.after),
        }),
      ]),
    },
  ];
  const more = checks.length - listed.length;
  if (more > 0)
    blocks.push({ type: 'paragraph', content: [t('recheck.report.moreChanges', { count: more })] });
  return blocks;
}

export function recheckReport(ctx: EmailContext, input: RecheckReportEmail): VisitorMail {
  const { t } = ctx;
  const domain = displayDomain(input.address);
  const date = auditedOn(input.checkedAt, ctx) ?? '';
  const next = t('recheck.report.next', { date: auditedOn(input.nextCheckAt, ctx) ?? '' });
  if ('failure' in input) {
    return subscriptionLetter(ctx, input, {
      subject: t('recheck.report.subject.failed', { domain }),
      preheader: t('recheck.report.preheader.failed'),
      title: t('recheck.report.failed.title', { domain }),
      body: [
        { type: 'paragraph', content: [t('recheck.report.failed.intro', { domain, date })] },
        addressRow(ctx, input.address),
        {
          type: 'paragraph',
          content: [{ strong: t(`waitlist.failed.reasons.${failureReason(input.failure)}`) }],
        },
        {
          type: 'paragraph',
          content: [t('recheck.report.failed.next', { date: auditedOn(input.nextCheckAt, ctx) ?? '' })],
        },
        {
          type: 'button',
          href: reportPageUrl(ctx.siteUrl, ctx.lang, input.previousReportId),
          text: t('recheck.report.failed.button'),
        },
      ],
    });
  }
  const { report } = input;
  const score = score100(report.overall);
  const before = report.changes ? score100(report.changes.overall.before) : score;
  const trend = score > before ? 'up' : score < before ? 'down' : 'same';
  const body: Block[] = [
    { type: 'paragraph', content: [t('recheck.report.intro', { domain, date })] },
    addressRow(ctx, report.url),
  ];
  const line = report.changes ? changesLine(ctx, report.changes) : null;
  if (line) {
    body.push(
      { type: 'heading', level: 2, text: t('report.changes.title') },
      { type: 'paragraph', content: [line] },
    );
  }
  body.push(...changedChecks(ctx, report), ...scoreBlocks(ctx, report));
  const { top, more } = topFindings(report, RECHECK_TOP_FIXES);
  body.push(
    ...findingsBlocks(ctx, top, more),
    {
      type: 'button',
      href: reportPageUrl(ctx.siteUrl, ctx.lang, input.reportId),
      text: t('recheck.report.button'),
      fallback: t('layout.copyLink'),
    },
    { type: 'paragraph', muted: true, content: [next] },
  );
  return subscriptionLetter(ctx, input, {
    subject: t(`recheck.report.subject.${trend}`, { domain, score }),
    preheader: t('recheck.report.preheader.report'),
    title: t('recheck.report.title', { domain }),
    body,
  });
}

import type { AuditReport, ReportChanges } from '../../lib/audit.ts';
import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import { bounded, confirmation, displayDomain, letter, websiteOrigin, type EmailContext } from './compose.ts';
import type { Block } from './layout.ts';
import { reportPageUrl, toolsUrl } from './links.ts';
import { auditedOn, findingsBlocks, score100, scoreBlocks, topFindings } from './waitlist.ts';

// "Email me this report" (decision 030): a saved report's summary, as it was saved, in the language
// of the page the form was sent from: the audited address, the overall and category scores, what
// changed since the address's earlier report, the top fixes, and the report's permanent link. Every
// value that comes from the audited site (its address, the findings' titles and evidence) is plain
// text, clipped here and escaped by the layout, and never a link: the only links are our own.

/** How many fixes the email lists; the report's page has the rest. */
export const REPORT_TOP_FIXES = 5;
/** The audited address as the email shows it, at most this many characters. */
const ADDRESS_MAX = 200;

export interface ReportSummaryEmail {
  /** The saved report's id: its permanent link. */
  id: string;
  /** The report as saved, in the email's language; null when it has expired (or is gone) by now. */
  report: AuditReport | null;
  /** The audited address the lead recorded: names the site when the report is gone. */
  website: string | null;
  /**
   * A monthly re-check of the same report asked while this email waited (decision 067): its confirm
   * link rides here instead of in an email of its own.
   */
  recheckConfirmUrl?: string;
}

/** The re-check's confirmation, as a block of its own under a heading (decision 067). */
function recheckBlocks(ctx: EmailContext, confirmUrl: string | undefined, domain: string): Block[] {
  if (!confirmUrl) return [];
  const { t } = ctx;
  return [
    { type: 'heading', level: 2, text: t('report.recheck.title') },
    { type: 'paragraph', content: [t('report.recheck.intro', { domain })] },
    ...confirmation(ctx, 'recheck.optin', confirmUrl),
  ];
}

/** One line on what changed since the earlier report: the overall score, then the checks. */
export function changesLine(ctx: EmailContext, changes: ReportChanges): string | null {
  const { t } = ctx;
  const date = auditedOn(changes.previous.auditedAt, ctx);
  if (!date) return null;
  const before = score100(changes.overall.before);
  const after = score100(changes.overall.after);
  const trend = after > before ? 'up' : after < before ? 'down' : 'same';
  const count = changes.checks.length;
  return [
    t(`report.changes.${trend}`, { date, before, after }),
    count > 0 ? t('report.changes.checks', { count }) : t('report.changes.checksNone'),
  ].join(' ');
}

function summaryBody(ctx: EmailContext, id: string, report: AuditReport): Block[] {
  const { t } = ctx;
  const label = (key: string) => t(key);
  const textLabel = (key: string) => t('layout.label', { label: t(key) });
  const date = auditedOn(report.auditedAt, ctx);
  const body: Block[] = [
    { type: 'paragraph', content: [t('report.intro', { email: ctx.email })] },
    {
      type: 'fields',
      rows: [
        // The address as text: the audited site chose it, so it is never made a link of ours.
        {
          label: label('report.address'),
          textLabel: textLabel('report.address'),
          value: bounded(report.url, ADDRESS_MAX),
        },
        ...(date ? [{ label: label('report.date'), textLabel: textLabel('report.date'), value: date }] : []),
      ],
    },
    ...scoreBlocks(ctx, report),
  ];
  const changes = report.changes ? changesLine(ctx, report.changes) : null;
  if (changes) {
    body.push(
      { type: 'heading', level: 3, text: t('report.changes.title') },
      { type: 'paragraph', content: [changes] },
    );
  }
  const { top, more } = topFindings(report, REPORT_TOP_FIXES);
  body.push(...findingsBlocks(ctx, top, more));
  const link = reportPageUrl(ctx.siteUrl, ctx.lang, id);
  body.push(
    { type: 'heading', level: 2, text: t('report.linkTitle') },
    { type: 'button', href: link, text: t('report.button'), fallback: t('layout.copyLink') },
    { type: 'paragraph', muted: true, content: [t('report.linkNote')] },
  );
  return body;
}

/**
 * The report is gone (expired, or deleted) by the time the email goes: say so, and offer a new audit
 * of the site, by its origin (`origin`, from the lead: decision 021's rule for what a lead carries).
 */
function expiredBody(ctx: EmailContext, origin: string | null, domain: string): Block[] {
  const { t } = ctx;
  return [
    { type: 'paragraph', content: [t('report.expired.text')] },
    {
      type: 'button',
      href: toolsUrl(ctx.siteUrl, ctx.lang, origin),
      text: domain ? t('report.expired.button', { domain }) : t('report.expired.buttonGeneric'),
    },
  ];
}

export function reportSummary(ctx: EmailContext, input: ReportSummaryEmail): VisitorMail {
  const { t } = ctx;
  const { report } = input;
  const origin = websiteOrigin(input.website);
  const domain = displayDomain(report?.url ?? origin ?? '');
  if (!report) {
    const variant = domain ? 'expired' : 'expiredGeneric';
    return letter(ctx, 'report', {
      subject: t(`report.subject.${variant}`, { domain }),
      preheader: t('report.preheader.expired'),
      title: t('report.expired.title'),
      name: null,
      body: [...expiredBody(ctx, origin, domain), ...recheckBlocks(ctx, input.recheckConfirmUrl, domain)],
    });
  }
  const score = score100(report.overall);
  return letter(ctx, 'report', {
    subject: t('report.subject.report', { domain }),
    preheader: t('report.preheader.report', { domain, score }),
    title: t('report.title', { domain }),
    name: null,
    body: [...summaryBody(ctx, input.id, report), ...recheckBlocks(ctx, input.recheckConfirmUrl, domain)],
  });
}

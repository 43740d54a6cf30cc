import {
  TRANSIENT_AUDIT_FAILURES,
  type AuditErrorReason,
  type AuditOutcome,
  type AuditReport,
} from '../../lib/audit.ts';
import { isLang, type Lang } from '../../site.ts';
import type { VisitorMailRenderer, VisitorMailRequest } from '../delivery/channels/visitor-email.ts';
import { DeliveryError } from '../delivery/channels/types.ts';
import { deliveryPayload } from '../store/records.ts';
import { NAME_NOT_PROVIDED, type DeliveryLead } from '../store/types.ts';
import { greetingName, websiteOrigin, type EmailContext } from './compose.ts';
import { contactAcknowledgement } from './contact-ack.ts';
import { newsletterConfirmUrl, newsletterUnsubscribeUrl, normalizeSiteUrl, recheckUrl } from './links.ts';
import { newsletterOptin } from './newsletter-optin.ts';
import { recheckOptin, recheckReport } from './recheck.ts';
import { reportSummary } from './report-summary.ts';
import { translator } from './texts.ts';
import { RECHECK_ID } from '../store/recheck-types.ts';
import { REPORT_ID } from '../store/report-types.ts';
import { MIN_SECRET_BYTES } from './tokens.ts';
import { waitlistConfirmation } from './waitlist.ts';

// The visitor emails' renderer (decision 018), handed to the delivery worker's visitor-email channel:
// it reads the stored lead, runs the free audit for the waitlist, and returns the email in the
// language of the page the form was sent from.

export interface VisitorMailOptions {
  /** The site's public address (SITE_URL): every link in the emails points there. */
  siteUrl: string;
  /** Signs the newsletter's confirm and unsubscribe tokens; at least 16 bytes. */
  tokenSecret: Buffer;
  /** The audit of a lead's website (the site's audit service); never throws for the site's faults. */
  audit: (url: string, lang: Lang) => Promise<AuditOutcome>;
  /**
   * A saved report in a language as it was saved (the audit service's loadSavedReport), compared with
   * `previousId` when given and still kept, else with its address's report before it: undefined when
   * it has expired or never existed; a store failure throws, and the email is retried. Without it,
   * report and re-check emails fail.
   */
  savedReport?: (id: string, lang: Lang, previousId?: string) => Promise<AuditReport | undefined>;
  /** CONTACT_EMAIL: shown in every email's footer and set as its Reply-To. */
  contactEmail?: string;
  /** Tests: the clock for confirmation links' expiry. */
  now?: () => number;
}

/** A text, trimmed, or null when it is missing, empty or not text. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A value of the lead's `lead_data`, as text, or null. */
const dataField = (lead: DeliveryLead, name: string): string | null => text(lead.lead_data[name]);

/** A report id of the lead's data (`report_id`, `previous_report_id`), or a failed delivery. */
function reportIdOf(lead: DeliveryLead, name: string): string {
  const id = dataField(lead, name);
  if (!id || !REPORT_ID.test(id)) throw new DeliveryError('NO_REPORT', `visitor email without its ${name}`);
  return id;
}

/** What every re-check email needs of its lead: the subscription and the re-checked address. */
function recheckOf(lead: DeliveryLead): { id: string; address: string } {
  const id = dataField(lead, 'recheck_id');
  const address = dataField(lead, 'website');
  if (!id || !RECHECK_ID.test(id) || !address) {
    throw new DeliveryError('NO_RECHECK', 're-check email without its subscription or address');
  }
  return { id, address };
}

function languageOf(request: VisitorMailRequest): Lang {
  if (isLang(request.language)) return request.language;
  const stored = request.lead?.language;
  return isLang(stored) ? stored : 'en';
}

export function createVisitorMailRenderer(options: VisitorMailOptions): VisitorMailRenderer {
  const siteUrl = normalizeSiteUrl(options.siteUrl);
  const secret = options.tokenSecret;
  if (!Buffer.isBuffer(secret) || secret.length < MIN_SECRET_BYTES) {
    throw new Error(`tokenSecret must be a Buffer of at least ${MIN_SECRET_BYTES} bytes`);
  }
  const now = options.now ?? Date.now;
  const savedReport = (id: string, lang: Lang, previousId?: string) => {
    if (!options.savedReport) {
      throw new DeliveryError('REPORTS_NOT_CONFIGURED', 'saved reports are not readable here');
    }
    return previousId === undefined
      ? options.savedReport(id, lang)
      : options.savedReport(id, lang, previousId);
  };

  return async (request) => {
    const lang = languageOf(request);
    const { lead } = deliveryPayload(request.lead ?? {});
    const email = request.recipient || text(lead.email);
    if (!email) throw new DeliveryError('NO_RECIPIENT', 'visitor email without a recipient');
    const ctx: EmailContext = {
      lang,
      t: translator(lang),
      siteUrl,
      email,
      ...(options.contactEmail ? { contactEmail: options.contactEmail } : {}),
    };
    // Of what the visitor typed, only the name's plain first line and the website's origin reach
    // the email (compose.ts says why).
    const rawName = text(lead.name);
    const name = rawName && rawName !== NAME_NOT_PROVIDED ? greetingName(rawName) : null;
    const website = websiteOrigin(text(lead.website));

    switch (request.kind) {
      case 'waitlist-confirmation': {
        // The site's home page is audited: the form asks for the company's website.
        let outcome: AuditOutcome | null = null;
        // The visitor's address had used up its audits when the form was posted (decision 049): the
        // email offers the audit's link, and the site is not fetched.
        const auditLink = dataField(lead, 'welcome_audit') === 'link';
        if (website && !auditLink) {
          outcome = await options.audit(website, lang);
          // A failure of ours that passes: the render throws and the delivery is retried later (the
          // outbox's backoff), rather than emailing "try again in a few seconds".
          if (!outcome.ok && TRANSIENT_AUDIT_FAILURES.has(outcome.reason)) {
            throw new DeliveryError('AUDIT_UNAVAILABLE', `audit not available right now (${outcome.reason})`);
          }
        }
        return waitlistConfirmation(ctx, { name, website, outcome, auditLink });
      }
      case 'contact-ack':
        return contactAcknowledgement(ctx, { name, service: text(lead.service), website });
      case 'report-summary': {
        // The report as saved, read now: the email shows it as its page does (decision 030).
        const id = reportIdOf(lead, 'report_id');
        const report = (await savedReport(id, lang)) ?? null;
        // A re-check of this report asked while this email waited carries its link here (decision 067).
        const recheckId = dataField(lead, 'recheck_id');
        return reportSummary(ctx, {
          id,
          report,
          website: text(lead.website),
          ...(recheckId && RECHECK_ID.test(recheckId)
            ? { recheckConfirmUrl: recheckUrl(siteUrl, lang, 'confirm', recheckId) }
            : {}),
        });
      }
      case 'recheck-optin': {
        const { id, address } = recheckOf(lead);
        return recheckOptin(ctx, {
          address,
          confirmUrl: recheckUrl(siteUrl, lang, 'confirm', id),
          unsubscribeUrl: recheckUrl(siteUrl, lang, 'unsubscribe', id),
        });
      }
      case 'recheck-report': {
        // Enqueued by the re-check job with what it found (decision 032): this month's report, read
        // now and compared with the subscription's previous one, or why the site could not be read.
        const { id, address } = recheckOf(lead);
        const checkedAt = dataField(lead, 'checked_at') ?? '';
        const nextCheckAt = dataField(lead, 'next_check_at') ?? '';
        const unsubscribeUrl = recheckUrl(siteUrl, lang, 'unsubscribe', id);
        const previousId = reportIdOf(lead, 'previous_report_id');
        const failure = dataField(lead, 'failure');
        if (failure) {
          return recheckReport(ctx, {
            address,
            unsubscribeUrl,
            checkedAt,
            nextCheckAt,
            failure: failure as AuditErrorReason,
            previousReportId: previousId,
          });
        }
        const reportId = reportIdOf(lead, 'report_id');
        const report = await savedReport(reportId, lang, previousId);
        if (!report) throw new DeliveryError('NO_REPORT', "the re-check's report is not readable");
        return recheckReport(ctx, { address, unsubscribeUrl, checkedAt, nextCheckAt, report, reportId });
      }
      case 'newsletter-optin':
        return newsletterOptin(ctx, {
          confirmUrl: newsletterConfirmUrl(siteUrl, secret, email, lang, now()),
          unsubscribeUrl: newsletterUnsubscribeUrl(siteUrl, secret, email, lang),
        });
      default:
        throw new DeliveryError(
          'UNKNOWN_KIND',
          `no visitor email template for ${String(request.kind).slice(0, 40)}`,
        );
    }
  };
}

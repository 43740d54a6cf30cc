import type { AuditErrorReason, AuditOutcome } from '../../lib/audit.ts';
import { isLang, type Lang } from '../../site.ts';
import type { VisitorMailRenderer, VisitorMailRequest } from '../delivery/channels/visitor-email.ts';
import { DeliveryError } from '../delivery/channels/types.ts';
import { NAME_NOT_PROVIDED } from '../store/types.ts';
import { greetingName, websiteOrigin, type EmailContext } from './compose.ts';
import { contactAcknowledgement } from './contact-ack.ts';
import { newsletterConfirmUrl, newsletterUnsubscribeUrl, normalizeSiteUrl } from './links.ts';
import { newsletterOptin } from './newsletter-optin.ts';
import { translator } from './texts.ts';
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
  /** CONTACT_EMAIL: shown in every email's footer and set as its Reply-To. */
  contactEmail?: string;
  /** Tests: the clock for confirmation links' expiry. */
  now?: () => number;
}

/**
 * Failures of our own that pass: sending "try again in a few seconds" by email would be useless, so
 * the render throws and the delivery is retried later (the outbox's backoff, decision 018).
 */
const TRANSIENT: ReadonlySet<AuditErrorReason> = new Set(['busy', 'rateLimited', 'network']);

/** A stored lead's text field, or null when it is missing, empty or not text. */
function field(lead: Record<string, unknown>, name: string): string | null {
  const value = lead[name];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
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

  return async (request) => {
    const lang = languageOf(request);
    const lead = request.lead ?? {};
    const email = request.recipient || field(lead, 'email');
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
    const rawName = field(lead, 'name');
    const name = rawName && rawName !== NAME_NOT_PROVIDED ? greetingName(rawName) : null;
    const website = websiteOrigin(field(lead, 'website'));

    switch (request.kind) {
      case 'waitlist-confirmation': {
        // The site's home page is audited: the form asks for the company's website.
        let outcome: AuditOutcome | null = null;
        if (website) {
          outcome = await options.audit(website, lang);
          if (!outcome.ok && TRANSIENT.has(outcome.reason)) {
            throw new DeliveryError('AUDIT_UNAVAILABLE', `audit not available right now (${outcome.reason})`);
          }
        }
        return waitlistConfirmation(ctx, { name, website, outcome });
      }
      case 'contact-ack':
        return contactAcknowledgement(ctx, { name, service: field(lead, 'service'), website });
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

export { verifyToken, signToken, CONFIRM_TOKEN_TTL_MS } from './tokens.ts';
export type { TokenCheck, TokenPayload, TokenPurpose } from './tokens.ts';
export { listUnsubscribeHeaders, newsletterConfirmUrl, newsletterUnsubscribeUrl } from './links.ts';

import { parseAuditUrl } from '../../lib/audit.ts';
import { bareHost, clip } from '../../lib/text.ts';
import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import type { Lang } from '../../site.ts';
import { renderHtml, renderText, type Block, type EmailDocument, type Inline } from './layout.ts';
import { pageUrl } from './links.ts';
import type { Translate } from './texts.ts';

// What every visitor email shares: the greeting, the sign-off, the footer that says who sends it
// and why, and the assembly of the HTML and plain-text versions.

export interface EmailContext {
  lang: Lang;
  t: Translate;
  /** Normalised, without a trailing slash. */
  siteUrl: string;
  /** The visitor's address, as the email is sent to it. */
  email: string;
  /** Where a person answers (CONTACT_EMAIL): in the footer, and the Reply-To of every email. */
  contactEmail?: string;
}

/**
 * The audited site's text (or ours quoting it) bounded to `max` characters: as it is when it fits,
 * so our translations keep their typography (clip() makes every space an ordinary one, and French
 * needs its no-break spaces), else clip()'s one line of at most `max` characters.
 */
export function bounded(text: string, max: number): string {
  return Array.from(text).length <= max ? text : clip(text, max);
}

/**
 * The host name people recognise: `www.` dropped, nothing else (punycode stays as it is). Only ever
 * given a parsed URL; anything else gives an empty string rather than the text itself.
 */
export function displayDomain(url: string): string {
  try {
    return bareHost(new URL(url).hostname);
  } catch {
    return '';
  }
}

// Visitor emails go to whatever address was typed into a form, from the site's own domain: anything
// else the visitor typed and the email repeated would make the site a relay for their text.
// So a visitor email repeats none of it (no message, company or phone, no service the site does
// not list) except two things, each reduced to what cannot carry a sentence or a link of its own:
// - the website, by its origin (scheme and host name: letters, digits, hyphens and dots, no path or
//   query), because the waitlist email is the audit of that site;
// - the name, in the greeting, read by greetingName().

/** The origin of a website a visitor gave (`https://host/`), or null when it is not a usable address. */
export function websiteOrigin(value: string | null | undefined): string | null {
  const url = parseAuditUrl(value);
  return url ? `${new URL(url).origin}/` : null;
}

/** How long a greeting's name may be: a given name and a family name or two. */
export const GREETING_NAME_MAX = 40;

/**
 * The visitor's name as a greeting may show it, or null to greet without one. Its first line only;
 * letters, combining marks, spaces, apostrophes, hyphens and periods only, so no link, address,
 * markup, digit, symbol or invisible control survives; nothing shaped like a domain (a period
 * followed by two letters, `spam.example`); whole words up to GREETING_NAME_MAX characters. A
 * name that fails is dropped rather than cleaned: what would be left of it is not a name.
 */
export function greetingName(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const line = (value.split(/\r\n|[\n\r\u2028\u2029]/, 1)[0] ?? '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/^\p{L}[\p{L}\p{M} '’.-]*$/u.test(line) || /\p{L}\.\p{L}{2}/u.test(line)) return null;
  let name = '';
  for (const word of line.split(' ')) {
    const longer = name ? `${name} ${word}` : word;
    if (Array.from(longer).length > GREETING_NAME_MAX) break;
    name = longer;
  }
  return name || null;
}

export function siteLabel(siteUrl: string): string {
  return displayDomain(siteUrl);
}

function greeting(ctx: EmailContext, name: string | null): Block {
  return {
    type: 'paragraph',
    content: [name ? ctx.t('layout.greeting', { name }) : ctx.t('layout.greetingAnonymous')],
  };
}

function signOff(ctx: EmailContext): Block {
  return { type: 'paragraph', content: [ctx.t('layout.signOff')] };
}

/** Why the visitor gets this email, then who sends it; `extra` goes between (the unsubscribe line). */
export function footer(ctx: EmailContext, why: string, extra: Block[] = []): Block[] {
  const home = pageUrl(ctx.siteUrl, ctx.lang);
  const links: Inline[] = [
    { strong: ctx.t('layout.brand') },
    ' · ',
    { href: home, text: siteLabel(ctx.siteUrl), plain: home },
    ' · ',
    { href: pageUrl(ctx.siteUrl, ctx.lang, 'privacy'), text: ctx.t('layout.privacyLink') },
    ...(ctx.contactEmail
      ? [' · ', { href: `mailto:${ctx.contactEmail}`, text: ctx.contactEmail, plain: ctx.contactEmail }]
      : []),
  ];
  return [
    { type: 'paragraph', muted: true, content: [why] },
    ...extra,
    { type: 'paragraph', muted: true, content: links },
  ];
}

/**
 * A double opt-in's confirmation: what waits for the link (in bold), the button to follow it, when it
 * expires and what to do when the visitor did not ask; texts under `keys` (`newsletter.pending`...).
 */
export function confirmation(
  ctx: EmailContext,
  keys: 'newsletter' | 'recheck.optin',
  confirmUrl: string,
): Block[] {
  const { t } = ctx;
  return [
    { type: 'paragraph', content: [{ strong: t(`${keys}.pending`) }] },
    { type: 'button', href: confirmUrl, text: t(`${keys}.button`), fallback: t('layout.copyLink') },
    { type: 'paragraph', content: [t(`${keys}.expires`)] },
    { type: 'paragraph', content: [t(`${keys}.notYou`)] },
  ];
}

export function assemble(
  ctx: EmailContext,
  parts: Pick<EmailDocument, 'subject' | 'preheader' | 'body' | 'footer'>,
  headers?: Record<string, string>,
): VisitorMail {
  const doc: EmailDocument = {
    lang: ctx.lang,
    brand: ctx.t('layout.brand'),
    tagline: ctx.t('layout.tagline'),
    ...parts,
  };
  const mail: VisitorMail = { subject: parts.subject, html: renderHtml(doc), text: renderText(doc) };
  // A reply reaches a person, not the sending mailbox.
  const all = { ...(ctx.contactEmail ? { 'Reply-To': ctx.contactEmail } : {}), ...headers };
  if (Object.keys(all).length > 0) mail.headers = all;
  return mail;
}

/** What differs between the visitor emails; `letter` adds what they share. */
export interface LetterParts {
  subject: string;
  preheader: string;
  /** The email's h1, when it is not the section's `title` as it is (one with a value in it). */
  title?: string;
  /** The visitor's name for the greeting (null: the anonymous one); absent, the email greets nobody. */
  name?: string | null;
  /** What the email says, between its title (and greeting) and the sign-off. */
  body: Block[];
  /** Lines of the footer between why the email was sent and who sent it (the unsubscribe line). */
  footerExtra?: Block[];
  /** Values the section's `why` names besides the email and the site (the re-checked domain). */
  why?: Record<string, string>;
}

/**
 * A visitor email of one section of the `emails` texts (`waitlist`, `contact`, `newsletter`,
 * `report`, `recheck`): its title, the greeting, the body, the sign-off, and the footer saying why the visitor
 * gets it.
 */
export function letter(
  ctx: EmailContext,
  section: 'waitlist' | 'contact' | 'newsletter' | 'report' | 'recheck',
  parts: LetterParts,
  headers?: Record<string, string>,
): VisitorMail {
  const { t } = ctx;
  const why = t(`${section}.why`, { ...parts.why, email: ctx.email, site: siteLabel(ctx.siteUrl) });
  return assemble(
    ctx,
    {
      subject: parts.subject,
      preheader: parts.preheader,
      body: [
        { type: 'heading', level: 1, text: parts.title ?? t(`${section}.title`) },
        ...(parts.name === undefined ? [] : [greeting(ctx, parts.name)]),
        ...parts.body,
        signOff(ctx),
      ],
      footer: footer(ctx, why, parts.footerExtra),
    },
    headers,
  );
}

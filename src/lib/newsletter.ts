import { localePath, type Lang } from '../site.ts';

// The newsletter's double opt-in pages (decision 018): the links in the emails lead to
// /{lang}/newsletter/confirm?token=… and /{lang}/newsletter/unsubscribe?token=…; the server checks
// the token, records the change and renders one of these outcomes on a page in that language.

export type NewsletterAction = 'confirm' | 'unsubscribe';

export type NewsletterResult =
  /** Confirmation recorded now. */
  | 'confirmed'
  /** The link was followed before: nothing changed. */
  | 'alreadyConfirmed'
  /** The unsubscribe link was opened: a button asks to confirm (mail scanners open links too). */
  | 'askUnsubscribe'
  | 'unsubscribed'
  | 'alreadyUnsubscribed'
  /** Forged, damaged, or for an address that never signed up. */
  | 'invalid'
  /** A confirmation link older than its 7 days. */
  | 'expired'
  /** The store could not be reached: try again later. */
  | 'unavailable';

export interface NewsletterOutcome {
  action: NewsletterAction;
  result: NewsletterResult;
  /** The address the link is for (only once its signature checked out). */
  email?: string;
  /** The token of an unsubscribe link, for the button that confirms it. */
  token?: string;
}

export const isNewsletterAction = (value: unknown): value is NewsletterAction =>
  value === 'confirm' || value === 'unsubscribe';

export function newsletterPath(lang: Lang, action: NewsletterAction, token?: string): string {
  const path = localePath(lang, `newsletter/${action}`);
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** HTTP status of an outcome's page. */
export function newsletterStatus(result: NewsletterResult): number {
  if (result === 'invalid' || result === 'expired') return 400;
  if (result === 'unavailable') return 503;
  return 200;
}

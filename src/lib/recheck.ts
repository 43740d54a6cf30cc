import { localePath, type Lang } from '../site.ts';

// The monthly re-check's links (decision 032): its opt-in email and every re-check email lead to
// /{lang}/tools/recheck/confirm?id=… and /{lang}/tools/recheck/unsubscribe?id=…, where the id is the
// subscription's (128 random bits, the link's only key). The server records the change and renders
// one of these outcomes on a page in that language.

export type RecheckAction = 'confirm' | 'unsubscribe';

export type RecheckResult =
  /** Confirmed now: the first re-check is scheduled. */
  | 'confirmed'
  /** The link was followed before: nothing changed. */
  | 'alreadyConfirmed'
  /** The unsubscribe link was opened: a button asks to confirm (mail scanners open links too). */
  | 'askUnsubscribe'
  | 'unsubscribed'
  | 'alreadyUnsubscribed'
  /** A confirmation link of a subscription that has been stopped since: it no longer works. */
  | 'ended'
  /** Damaged, or a subscription that does not exist (never did, or was purged unconfirmed). */
  | 'invalid'
  /** The store could not be reached: try again later. */
  | 'unavailable';

export interface RecheckOutcome {
  action: RecheckAction;
  result: RecheckResult;
  /** The re-checked address (known once the id named a subscription). */
  address?: string;
  /** The subscription's id, for the unsubscribe button. */
  id?: string;
  /** The latest report of the subscription (its permanent link). */
  reportId?: string;
  /** When the next re-check is due (ISO 8601), for an active subscription. */
  nextCheckAt?: string;
}

export const isRecheckAction = (value: unknown): value is RecheckAction =>
  value === 'confirm' || value === 'unsubscribe';

/** A re-check link's path on the site (the emails put the site's address before it). */
export function recheckPath(lang: Lang, action: RecheckAction, id?: string): string {
  const path = localePath(lang, `tools/recheck/${action}`);
  return id ? `${path}?id=${encodeURIComponent(id)}` : path;
}

/** HTTP status of an outcome's page. */
export function recheckStatus(result: RecheckResult): number {
  if (result === 'invalid') return 404;
  if (result === 'ended') return 410;
  if (result === 'unavailable') return 503;
  return 200;
}

/** Days between two re-checks of a subscription. */
export const RECHECK_INTERVAL_DAYS = 30;

/** When the re-check after one made (or confirmed) at `at` is due. */
export function nextRecheckAt(at: Date): Date {
  return new Date(at.getTime() + RECHECK_INTERVAL_DAYS * 24 * 60 * 60 * 1000);
}

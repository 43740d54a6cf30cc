import type { Request } from 'express';
import type { Logger } from 'pino';
import type { NewsletterAction, NewsletterOutcome } from '../lib/newsletter.ts';
import { verifyToken } from './email/tokens.ts';
import type { NewsletterSubscriptions } from './store/types.ts';

// The newsletter links of the emails (decision 018): the signed token says which address and what
// for; the store records the change. A confirmation link confirms when followed; an unsubscribe
// link asks first (mail scanners open links) and acts on POST, which is also what mail clients
// send for a one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`). A confirmation link
// issued before the address last unsubscribed no longer confirms (decision 021).

export interface NewsletterDeps {
  /** Absent when visitor emails are off: then no link was ever sent, and none is valid. */
  subscriptions: NewsletterSubscriptions | undefined;
  secret: Buffer | undefined;
  logger: Logger;
}

export function newsletterActions(deps: NewsletterDeps) {
  return async (req: Request, action: NewsletterAction): Promise<NewsletterOutcome> => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!deps.subscriptions || !deps.secret) return { action, result: 'invalid' };
    const verified = verifyToken(deps.secret, token, action);
    if (!verified.ok) return { action, result: verified.reason };
    const { email } = verified;
    if (action === 'unsubscribe' && req.method !== 'POST') {
      return { action, result: 'askUnsubscribe', email, token };
    }
    try {
      const change =
        action === 'confirm'
          ? await deps.subscriptions.setStatus(email, 'subscribed', {
              ...(verified.issuedAt !== undefined ? { linkIssuedAt: new Date(verified.issuedAt) } : {}),
            })
          : await deps.subscriptions.setStatus(email, 'unsubscribed');
      if (change === 'unknown') return { action, result: 'invalid' };
      // A confirm link older than the address's last unsubscribe: no longer valid, like an expired one.
      if (change === 'superseded') return { action, result: 'expired' };
      if (action === 'confirm')
        return { action, email, result: change === 'changed' ? 'confirmed' : 'alreadyConfirmed' };
      return { action, email, result: change === 'changed' ? 'unsubscribed' : 'alreadyUnsubscribed' };
    } catch (error) {
      deps.logger.error({ err: error, action }, 'newsletter status not recorded');
      return { action, email, result: 'unavailable' };
    }
  };
}

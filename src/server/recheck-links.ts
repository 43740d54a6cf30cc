import type { Request } from 'express';
import type { Logger } from 'pino';
import { nextRecheckAt, type RecheckAction, type RecheckOutcome } from '../lib/recheck.ts';
import { RECHECK_ID, type RecheckStore } from './store/recheck-types.ts';

// The monthly re-check's links (decision 032): /{lang}/tools/recheck/confirm?id=… in its opt-in
// email, /{lang}/tools/recheck/unsubscribe?id=… in every re-check email. The id is the
// subscription's: 128 random bits, so a link works for whoever holds it and for nobody else. A
// confirmation link confirms when followed (the first re-check is due a month later: the visitor has
// this month's report already); an unsubscribe link asks first (mail scanners open links) and acts on
// POST, which is also what mail clients send for a one-click unsubscribe (RFC 8058).

export interface RecheckLinkDeps {
  /** Absent when re-checks are off: then no link was ever sent, and none is valid. */
  rechecks: RecheckStore | undefined;
  logger: Logger;
  /** Tests: the clock. */
  now?: () => Date;
}

export function recheckActions(deps: RecheckLinkDeps) {
  const now = deps.now ?? (() => new Date());
  return async (req: Request, action: RecheckAction): Promise<RecheckOutcome> => {
    const id = typeof req.query.id === 'string' ? req.query.id : '';
    const rechecks = deps.rechecks;
    if (!rechecks || !RECHECK_ID.test(id)) return { action, result: 'invalid' };
    try {
      const subscription = await rechecks.get(id);
      if (!subscription) return { action, result: 'invalid' };
      const known = { action, id, address: subscription.address, reportId: subscription.lastReportId };
      if (action === 'unsubscribe') {
        if (req.method !== 'POST') {
          const ended = subscription.status === 'unsubscribed';
          return { ...known, result: ended ? 'alreadyUnsubscribed' : 'askUnsubscribe' };
        }
        const change = await rechecks.unsubscribe(id, now());
        if (change === 'unknown') return { action, result: 'invalid' };
        return { ...known, result: change === 'unsubscribed' ? 'unsubscribed' : 'alreadyUnsubscribed' };
      }
      const at = now();
      const first = nextRecheckAt(at);
      const change = await rechecks.confirm(id, at, first);
      if (change === 'confirmed') return { ...known, result: 'confirmed', nextCheckAt: first.toISOString() };
      if (change === 'already') {
        const next = subscription.nextCheckAt?.toISOString();
        return { ...known, result: 'alreadyConfirmed', ...(next ? { nextCheckAt: next } : {}) };
      }
      if (change === 'unsubscribed') return { ...known, result: 'ended' };
      return { action, result: 'invalid' };
    } catch (error) {
      deps.logger.error({ err: error, action }, 're-check link not recorded');
      return { action, result: 'unavailable' };
    }
  };
}

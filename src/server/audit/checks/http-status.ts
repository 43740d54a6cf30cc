import { msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';

// The page's HTTP answer: a 2xx after at most a couple of redirects.

/** More redirects than this before the page answers is a chain worth shortening. */
const MAX_REDIRECTS = 2;

export function httpStatus(ctx: AuditContext): Verdict {
  const { page } = ctx.input;
  const n = page.redirects.length;
  const evidence =
    n === 0
      ? msg('items.httpStatus.evidence.direct', { status: page.status })
      : msg('items.httpStatus.evidence.redirected', {
          status: page.status,
          count: n,
          url: clip(page.finalUrl, 100),
        });
  if (page.status < 200 || page.status >= 300) {
    // Engines index and cite only pages that answer 2xx.
    return { ...verdict('fail', [evidence], msg('items.httpStatus.recommendation.status')), blocks: true };
  }
  if (n > MAX_REDIRECTS) {
    return verdict('warning', [evidence], msg('items.httpStatus.recommendation.redirects'));
  }
  return verdict('pass', [evidence]);
}

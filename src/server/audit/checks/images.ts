import { msg, verdict, type Verdict } from '../check.ts';
import type { AuditContext } from '../context.ts';
import type { Message } from '../types.ts';

// Described images: alternative text on the images that carry content.

export function imageAlt(ctx: AuditContext): Verdict {
  const images = ctx.page.images.filter((i) => !i.decorative);
  if (images.length === 0) return verdict('pass', [msg('items.imageAlt.evidence.none')]);
  const withAlt = images.filter((i) => i.alt !== undefined);
  const decorative = withAlt.filter((i) => i.alt!.trim() === '').length;
  const share = withAlt.length / images.length;
  const evidence: Message[] = [
    msg('items.imageAlt.evidence.coverage', {
      withAlt: withAlt.length,
      total: images.length,
      percent: Math.floor(share * 100),
      decorative,
    }),
  ];
  if (share >= 0.9) return verdict('pass', evidence);
  const status = share >= 0.7 ? 'warning' : 'fail';
  return verdict(status, evidence, msg('items.imageAlt.recommendation.describe'));
}

import { defineCheck, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../clip.ts';
import type { AuditContext } from '../context.ts';
import { metaByName } from '../read/html.ts';

// A mobile viewport that lets people zoom.

function viewport(ctx: AuditContext): Verdict {
  const content = metaByName(ctx.page, 'viewport')[0];
  if (content === undefined) {
    return verdict(
      'warning',
      [msg('items.viewport.evidence.none')],
      msg('items.viewport.recommendation.add'),
    );
  }
  const value = clip(content, 80);
  if (/(^|[,;\s])width\s*=\s*device-width\b/i.test(content)) {
    return verdict('pass', [msg('items.viewport.evidence.ok', { content: value })]);
  }
  const evidence = [msg('items.viewport.evidence.other', { content: value })];
  return verdict('warning', evidence, msg('items.viewport.recommendation.add'));
}

export const viewportCheck = defineCheck({
  id: 'viewport',
  category: 'technical',
  weight: 0.5,
  needs: [],
  run: viewport,
});

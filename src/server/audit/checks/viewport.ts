import { msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { metaByName } from '../read/html.ts';
import type { Message } from '../types.ts';

// A mobile viewport that lets people zoom. width=device-width makes the page a mobile page
// (Lighthouse's former "viewport" audit, removed in October 2025; decision 066). Zoom must stay possible up to 200% at least: WCAG 2 success
// criterion 1.4.4 (Resize text), checked as the W3C ACT rule b4f0c3 "meta viewport allows for zoom"
// and axe-core's meta-viewport rule (which Lighthouse's meta-viewport audit runs) check it: no
// `user-scalable=no` (nor a number between -1 and 1, which browsers read as no) and no
// `maximum-scale` below 2.

/** The smallest maximum-scale that still allows 200% zoom (WCAG 1.4.4). */
const MIN_MAXIMUM_SCALE = 2;

/**
 * The content attribute's properties, as axe-core reads them: pairs separated by commas or
 * semicolons, names and values trimmed and lower-cased; the last occurrence of a name wins.
 */
function properties(content: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of content.split(/[,;]/)) {
    const [name, value] = item.split('=');
    if (!name?.trim() || !value?.trim()) continue;
    map.set(name.trim().toLowerCase(), value.trim().toLowerCase());
  }
  return map;
}

/** What in the viewport keeps people from zooming, if anything. */
function zoomProblem(content: string): Message | undefined {
  const props = properties(content);
  const value = clip(content, 80);
  const userScalable = props.get('user-scalable');
  if (userScalable !== undefined) {
    const number = Number.parseFloat(userScalable);
    if (userScalable === 'no' || (!Number.isNaN(number) && number > -1 && number < 1)) {
      return msg('items.viewport.evidence.noZoom', { content: value, value: clip(userScalable, 20) });
    }
  }
  const maximum = props.get('maximum-scale');
  if (maximum !== undefined) {
    // "yes" counts as 1 in the CSS viewport spec; a negative value is invalid and ignored.
    const scale = maximum === 'yes' ? 1 : Number.parseFloat(maximum);
    if (!Number.isNaN(scale) && scale >= 0 && scale < MIN_MAXIMUM_SCALE) {
      return msg('items.viewport.evidence.maxScale', { content: value, scale: clip(maximum, 20) });
    }
  }
  return undefined;
}

export function viewport(ctx: AuditContext): Verdict {
  const content = metaByName(ctx.page, 'viewport')[0];
  if (content === undefined) {
    return verdict(
      'warning',
      [msg('items.viewport.evidence.none')],
      msg('items.viewport.recommendation.add'),
    );
  }
  const value = clip(content, 80);
  // A mobile page: width=device-width, or an initial scale of 1 or more, which browsers lay out at
  // the device's width too (Lighthouse's viewport audit accepts either); below 1 it opens zoomed out.
  const initial = Number.parseFloat(properties(content).get('initial-scale') ?? '');
  const mobile = Number.isNaN(initial) ? /(^|[,;\s])width\s*=\s*device-width\b/i.test(content) : initial >= 1;
  const zoom = zoomProblem(content);
  if (!mobile) {
    const evidence = [msg('items.viewport.evidence.other', { content: value }), ...(zoom ? [zoom] : [])];
    return verdict('warning', evidence, msg('items.viewport.recommendation.add'));
  }
  if (zoom) return verdict('warning', [zoom], msg('items.viewport.recommendation.zoom'));
  return verdict('pass', [msg('items.viewport.evidence.ok', { content: value })]);
}

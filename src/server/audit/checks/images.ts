import { msg, verdict, type Verdict } from '../check.ts';
import type { AuditContext } from '../context.ts';
import type { Message } from '../types.ts';

// Described images: alternative text on the images that carry content. An alt that is a placeholder
// or a file name describes nothing: WCAG 2 failure F30 ("using text alternatives that are not
// alternatives (e.g., filenames or placeholder text)"), with the W3C auto-WCAG group's list of
// placeholders ("spacer, bullet, image, photo, picture, placeholder, alt"). "logo" and "icon" say
// what kind of image it is, not whose logo or what it does (W3C WAI images tutorial: a logo's text
// alternative is the organisation's name). A single real word ("diagram", "Paris") is a short text
// alternative WCAG accepts (technique G100), and an empty alt marks a decorative image (H67).

/** Alt texts that name no content, compared without case or surrounding spaces. */
const PLACEHOLDERS = new Set([
  'alt',
  'bullet',
  'graphic',
  'icon',
  'image',
  'img',
  'logo',
  'photo',
  'pic',
  'picture',
  'placeholder',
  'spacer',
  'untitled',
]);

/** A file name as an alt ("IMG_2041.jpg", "hero-banner.webp"): what a CMS writes when nobody did. */
const FILE_NAME = /^[^\s/\\]+\.(avif|bmp|gif|jpe?g|jfif|png|svg|tiff?|webp)$/i;

function isPlaceholder(alt: string): boolean {
  const value = alt.trim();
  return PLACEHOLDERS.has(value.toLowerCase()) || FILE_NAME.test(value);
}

export function imageAlt(ctx: AuditContext): Verdict {
  const images = ctx.page.images.filter((i) => !i.decorative);
  if (images.length === 0) return verdict('pass', [msg('items.imageAlt.evidence.none')]);
  const placeholders = images.filter((i) => i.alt !== undefined && isPlaceholder(i.alt)).length;
  const withAlt = images.filter((i) => i.alt !== undefined && !isPlaceholder(i.alt));
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
  if (placeholders > 0) evidence.push(msg('items.imageAlt.evidence.placeholder', { count: placeholders }));
  if (share >= 0.9) return verdict('pass', evidence);
  const status = share >= 0.7 ? 'warning' : 'fail';
  return verdict(status, evidence, msg('items.imageAlt.recommendation.describe'));
}

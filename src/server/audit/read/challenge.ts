// Bot challenges and block pages: what firewalls, CDNs and bot managers send instead of a page to a
// client they do not trust. Each marker is a piece of markup the vendor's challenge page carries,
// with a neutral name for the report: the vendor and the kind of page, no quotation marks (a
// quotation would follow one language's typography inside the other's sentence).

const STRONG_MARKERS: readonly [RegExp, string][] = [
  [/<title>\s*just a moment/i, 'Cloudflare challenge'],
  [/cf-chl|cf_chl_|\/cdn-cgi\/challenge-platform/i, 'Cloudflare challenge'],
  [/attention required!? \| cloudflare/i, 'Cloudflare block page'],
  [/captcha-delivery\.com/i, 'DataDome'],
  [/_incapsula_resource|incapsula incident/i, 'Imperva'],
  [/px-captcha/i, 'HUMAN (PerimeterX)'],
  [/sgcaptcha/i, 'SiteGround captcha'],
];

/** Weaker signs: a captcha widget, which a page may also carry in its own forms. */
const WEAK_MARKERS: readonly [RegExp, string][] = [
  [/cf-turnstile|challenges\.cloudflare\.com\/turnstile/i, 'Cloudflare Turnstile'],
  [/g-recaptcha|grecaptcha|google\.com\/recaptcha/i, 'reCAPTCHA'],
  [/h-captcha|hcaptcha\.com/i, 'hCaptcha'],
  [/datadome/i, 'DataDome'],
  [/perimeterx/i, 'HUMAN (PerimeterX)'],
  [/\bcaptcha\b/i, 'CAPTCHA'],
];

/** Statuses a firewall, rate limiter or CDN answers clients it turns away with. */
export const BLOCK_STATUSES: ReadonlySet<number> = new Set([401, 403, 406, 429, 451, 503]);

/**
 * The challenge a crawler got instead of the page, if its answer shows one that the browser's answer
 * does not (a page with a captcha in its own contact form shows it to everyone).
 */
export function crawlerChallenge(crawlerBody: string, pageBody: string): string | undefined {
  return [...STRONG_MARKERS, ...WEAK_MARKERS].find(
    ([pattern]) => pattern.test(crawlerBody) && !pattern.test(pageBody),
  )?.[1];
}

/**
 * The challenge the browser itself got, if its answer is one: a refusal status carrying a vendor's
 * challenge page. Then nobody the audit can imitate reaches the page, and what AI crawlers get
 * cannot be told.
 */
export function browserChallenge(status: number, body: string): string | undefined {
  if (!BLOCK_STATUSES.has(status)) return undefined;
  return [...STRONG_MARKERS, ...WEAK_MARKERS].find(([pattern]) => pattern.test(body))?.[1];
}

import { PAGES, isLang, type Lang } from '../site.ts';

export interface Redirect {
  status: 301 | 302;
  location: string;
}

const UNPREFIXED = new Set(PAGES.filter((p) => p.path).map((p) => `/${p.path}`));

/**
 * Server-side language redirects (decision 001). Targets are always built from the language and a
 * known path, never from raw input, so no redirect can leave the site (`//host`, `/\host`).
 * Redirects that depend on the visitor's language are 302 (they differ per visitor); fixed
 * normalisations are 301. `language` may be a function, called only for an address that needs the
 * visitor's language: a page under a language prefix (every cached page) never pays for reading the
 * cookie and Accept-Language (decision 073).
 */
export function redirectFor(
  pathname: string,
  search: string,
  language: Lang | (() => Lang),
): Redirect | null {
  const preferredOf = () => (typeof language === 'function' ? language() : language);
  const query = search.startsWith('?') && search.length > 1 ? search : '';
  if (pathname === '/') return { status: 302, location: `/${preferredOf()}/${query}` };

  // Every address is lower case: /en/Guide and /EN/guide are the same page as /en/guide, served at
  // one URL (paths are otherwise matched without regard to case).
  // (The first segment must not be empty: `//Host` must never become a protocol-relative Location.)
  if (/[A-Z]/.test(pathname) && /^\/[A-Za-z0-9-][A-Za-z0-9/-]*$/.test(pathname)) {
    return (
      redirectFor(pathname.toLowerCase(), search, language) ?? {
        status: 301,
        location: `${pathname.toLowerCase()}${query}`,
      }
    );
  }

  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  if (isLang(first)) {
    // /en → /en/, and /en// (nothing but slashes after the language) → /en/; /en/guide/ → /en/guide
    // (one URL per page: /en// was the home page under an address of its own, cached and canonical).
    if (segments.every((segment, i) => i < 2 || segment === '')) {
      return pathname === `/${first}/` ? null : { status: 301, location: `/${first}/${query}` };
    }
    if (pathname.length > 4 && pathname.endsWith('/') && !pathname.startsWith('//')) {
      const trimmed = pathname.replace(/\/+$/, '');
      if (/^\/[a-z]{2}\/[^/\\]/.test(trimmed)) return { status: 301, location: `${trimmed}${query}` };
    }
    return null;
  }

  const unprefixed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (UNPREFIXED.has(unprefixed)) return { status: 302, location: `/${preferredOf()}${unprefixed}${query}` };
  const blogPost = /^\/blog\/([a-z0-9][a-z0-9-]{0,120})\/?$/.exec(pathname);
  if (blogPost) return { status: 302, location: `/${preferredOf()}/blog/${blogPost[1]}${query}` };
  // A language prefix we do not have (/de/…, /es) goes to the English home page.
  if (/^[a-z]{2}$/i.test(first)) {
    return { status: 302, location: `/en/${query}` };
  }
  return null;
}

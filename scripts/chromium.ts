// Debian's Chromium as every script and the end-to-end tests launch it: no browser download, and
// none of the background connections that this machine's closed network refuses.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The pages measured by Lighthouse and checked by the site's own audit: one of each kind, both languages. */
export const KEY_PAGES = [
  '/en/',
  '/fr/',
  '/en/guide',
  '/fr/guide',
  '/en/tools',
  '/fr/tools',
  '/en/blog/ultimate-geo-guide-2025',
  '/fr/blog/ultimate-geo-guide-2025',
];

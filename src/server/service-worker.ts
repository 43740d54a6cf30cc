import { createHash } from 'node:crypto';
import { DEFAULT_LANG, LANGUAGES } from '../site.ts';
import type { PageAssets } from './assets.ts';

// The service worker (/sw.js), generated per build: its version is a hash of the build's entry
// files, so a new deploy installs a new worker that takes over (skipWaiting + clients.claim) and
// drops the old caches. Pages visited are kept for offline use (network first), a page never
// visited falls back to the offline page of its language, hashed assets are cache-first, and
// /api/ is never cached.

export function serviceWorkerSource(assets: PageAssets): string {
  const core = [...assets.entryModules, ...assets.preloadModules, ...assets.styles, ...assets.fonts];
  const version = createHash('sha1').update(core.join('|')).digest('hex').slice(0, 12);
  const offlinePages = LANGUAGES.map((lang) => `/${lang}/offline`);
  return `// GEO Platform service worker, build ${version}
const VERSION = ${JSON.stringify(version)};
const PAGES = 'geo-pages-' + VERSION;
const ASSETS = 'geo-assets-' + VERSION;
const OFFLINE = ${JSON.stringify(offlinePages)};
const LANGUAGES = ${JSON.stringify(LANGUAGES)};
const DEFAULT_LANG = ${JSON.stringify(DEFAULT_LANG)};
const CORE = ${JSON.stringify(core)};

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const pages = await caches.open(PAGES);
    await pages.addAll(OFFLINE.map((url) => new Request(url, { credentials: 'same-origin' })));
    const assets = await caches.open(ASSETS);
    await assets.addAll(CORE);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const keep = new Set([PAGES, ASSETS]);
    for (const key of await caches.keys()) if (key.startsWith('geo-') && !keep.has(key)) await caches.delete(key);
    await self.clients.claim();
  })());
});

function offlinePageFor(url) {
  const first = url.pathname.split('/')[1];
  return '/' + (LANGUAGES.includes(first) ? first : DEFAULT_LANG) + '/offline';
}

async function networkFirstPage(request) {
  const url = new URL(request.url);
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    // Pages marked no-store (a form's outcome, with what the visitor typed) are never kept.
    const storable = !(response.headers.get('cache-control') || '').includes('no-store');
    if (response.ok && storable && (response.headers.get('content-type') || '').includes('text/html')) {
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    return (await cache.match(request)) || (await cache.match(offlinePageFor(url))) || Response.error();
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Forms, the visitor profile and blog data are always live.
  if (url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
});
`;
}

import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/server/language.ts';
import { DEFAULT_LANG } from '../../src/site.ts';

// The language of a request outside a language prefix (src/server/language.ts): the path's first
// segment, then the `lang` cookie, then Accept-Language by its q-values, then the default. Anything
// that is not one of the site's languages is passed over.

const app = express();
app.use((req, res) => {
  res.send(detectLanguage(req, res));
});

const detect = (path: string, headers: Record<string, string> = {}) =>
  request(app)
    .get(path)
    .set(headers)
    .then((res) => res.text);

describe('detectLanguage', () => {
  it('takes the path prefix first, over the cookie and Accept-Language', async () => {
    expect(await detect('/fr/contact', { Cookie: 'lang=en', 'Accept-Language': 'en' })).toBe('fr');
    expect(await detect('/en/contact', { Cookie: 'lang=fr', 'Accept-Language': 'fr' })).toBe('en');
    expect(await detect('/fr')).toBe('fr');
  });

  it('takes the lang cookie when the path has no language, over Accept-Language', async () => {
    expect(await detect('/', { Cookie: 'lang=fr', 'Accept-Language': 'en' })).toBe('fr');
    expect(await detect('/contact', { Cookie: 'theme=dark; lang=fr' })).toBe('fr');
    expect(await detect('/', { Cookie: 'lang=en', 'Accept-Language': 'fr' })).toBe('en');
  });

  it('passes over a cookie that is not one of the site’s languages', async () => {
    expect(await detect('/', { Cookie: 'lang=de', 'Accept-Language': 'fr' })).toBe('fr');
    expect(await detect('/', { Cookie: 'lang=<script>alert(1)</script>', 'Accept-Language': 'fr' })).toBe(
      'fr',
    );
  });

  it('reads Accept-Language by its q-values, not the order written, with regions', async () => {
    expect(await detect('/', { 'Accept-Language': 'en;q=0.4, fr;q=0.9' })).toBe('fr');
    expect(await detect('/', { 'Accept-Language': 'fr;q=0.3, en;q=0.8' })).toBe('en');
    expect(await detect('/', { 'Accept-Language': 'fr-CA' })).toBe('fr');
    expect(await detect('/', { 'Accept-Language': 'de-DE, fr;q=0.5' })).toBe('fr');
  });

  it('falls back to the default language', async () => {
    expect(DEFAULT_LANG).toBe('en');
    expect(await detect('/')).toBe('en');
    expect(await detect('/about', { 'Accept-Language': 'de-DE, es;q=0.9' })).toBe('en');
    expect(await detect('/', { Cookie: 'lang=', 'Accept-Language': '*' })).toBe('en');
  });
});

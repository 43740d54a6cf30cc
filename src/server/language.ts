import type { Request, Response } from 'express';
import i18next from 'i18next';
import { LanguageDetector } from 'i18next-http-middleware';
import { DEFAULT_LANG, LANGUAGES, isLang, type Lang } from '../site.ts';

// Language detection for requests outside a language prefix (the `/` redirect, unprefixed paths,
// unknown pages): the path prefix first, then the stored choice (cookie `lang`), then
// Accept-Language. i18next only returns supported languages, so a cookie or header carrying
// anything else (markup, script) is discarded.
const detectorI18n = i18next.createInstance();
void detectorI18n.use(LanguageDetector).init({
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANG,
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  initAsync: false,
  resources: {},
  detection: {
    order: ['path', 'cookie', 'header'],
    lookupCookie: 'lang',
    lookupFromPathIndex: 0,
    caches: false,
  },
});

const detector = detectorI18n.services.languageDetector as {
  detect(req: Request, res: Response): string | string[] | undefined;
};

export function detectLanguage(req: Request, res: Response): Lang {
  const found = detector.detect(req, res);
  const candidates = Array.isArray(found) ? found : [found];
  for (const candidate of candidates) {
    const base = typeof candidate === 'string' ? candidate.slice(0, 2).toLowerCase() : undefined;
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}

import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { isLang, type Lang } from '../site.ts';
import { copyReader, type Namespace } from './copy.ts';
import { useI18n } from './context.tsx';

/** The current page language: the path prefix, else the language the server detected for this request. */
export function useLang(): Lang {
  const { lang } = useParams();
  const i18n = useI18n();
  if (isLang(lang)) return lang;
  return isLang(i18n.language) ? i18n.language : 'en';
}

/**
 * Translations fixed to the page language: `t` for strings (with `{{variables}}` and plurals), `copy`
 * for the namespace's lists and objects, typed from its English JSON (`copy('stats.items')`). React
 * Router renders route components as constant elements, so a component must subscribe to the route
 * (through useLang) to re-render when only the language prefix changes; both are then bound to that
 * language, never to a global setting.
 */
export function useT<N extends Namespace>(ns: N) {
  const lang = useLang();
  const i18n = useI18n();
  return useMemo(() => {
    const t = i18n.getFixedT(lang, ns);
    return { t, copy: copyReader(t, ns) };
  }, [i18n, lang, ns]);
}

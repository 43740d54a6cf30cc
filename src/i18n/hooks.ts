import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { isLang, type Lang } from '../site.ts';
import { useI18n } from './context.tsx';

/** The current page language: the path prefix, else the language the server detected for this request. */
export function useLang(): Lang {
  const { lang } = useParams();
  const i18n = useI18n();
  if (isLang(lang)) return lang;
  return isLang(i18n.language) ? i18n.language : 'en';
}

/**
 * Translations fixed to the page language. React Router renders route components as constant
 * elements, so a component must subscribe to the route (through useLang) to re-render when only
 * the language prefix changes; `t` is then bound to that language, never to a global setting.
 */
export function useT(ns = 'common') {
  const lang = useLang();
  const i18n = useI18n();
  const t = useMemo(() => i18n.getFixedT(lang, ns), [i18n, lang, ns]);
  return { t };
}

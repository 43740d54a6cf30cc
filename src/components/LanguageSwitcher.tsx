import { Link, useLocation } from 'react-router-dom';
import { storePreference } from '../lib/preferences.ts';
import { LANGUAGES, LANGUAGE_ENTRIES, switchLangPath, type Lang } from '../site.ts';
import { Flag } from './Flag.tsx';
import { CheckIcon, ChevronDown } from './Icons.tsx';
import { useDisclosure } from './useDisclosure.ts';
import { useT } from '../i18n/hooks.ts';

export function LanguageSwitcher({ lang }: { lang: Lang }) {
  const { t } = useT('common');
  const { pathname, search, hash } = useLocation();
  const ref = useDisclosure();
  const current = LANGUAGE_ENTRIES[lang];
  const code = lang.toUpperCase();
  return (
    <details ref={ref} className="dropdown">
      {/* The name starts with the visible code ("EN"), as WCAG 2.5.3 (label in name) asks: a voice
          command that says what it sees reaches the control. */}
      <summary className="btn btn-ghost btn-sm" aria-label={t('lang.switchTo', { code, name: current.name })}>
        <Flag lang={lang} />
        <span>{code}</span>
        <ChevronDown width={16} height={16} />
      </summary>
      <ul className="dropdown-panel" aria-label={t('lang.label')}>
        {LANGUAGES.map((code) => {
          const entry = LANGUAGE_ENTRIES[code];
          const isCurrent = code === lang;
          return (
            <li key={code}>
              <Link
                to={switchLangPath(pathname, search, hash, code)}
                hrefLang={code}
                lang={code}
                aria-current={isCurrent ? 'true' : undefined}
                className="dropdown-item"
                onClick={() => storePreference('lang', code)}
              >
                <Flag lang={code} />
                <span className="grow">{entry.name}</span>
                {isCurrent ? <CheckIcon width={16} height={16} className="text-brand" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

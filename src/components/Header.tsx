import { Link, NavLink } from 'react-router-dom';
import { PAGES, localePath, type Lang } from '../site.ts';
import { CloseIcon, MenuIcon } from './Icons.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useDisclosure } from './useDisclosure.ts';
import { useT } from '../i18n/hooks.ts';

const NAV_PAGES = PAGES.filter((p) => p.nav);

function NavItems({ lang, className }: { lang: Lang; className: string }) {
  const { t } = useT('common');
  return (
    <ul className={className}>
      {NAV_PAGES.map((page) => (
        <li key={page.id}>
          <NavLink to={localePath(lang, page.path)} end={page.path === ''} className="nav-link">
            {t(`nav.${page.id}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Header({ lang }: { lang: Lang }) {
  const { t } = useT('common');
  const menuRef = useDisclosure();
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to={localePath(lang)} className="brand-link" aria-label={t('brand.homeLabel')}>
          <Logo />
        </Link>
        <nav aria-label={t('nav.label')} className="desktop-nav">
          <NavItems lang={lang} className="nav-list" />
        </nav>
        <div className="header-actions">
          <LanguageSwitcher lang={lang} />
          <ThemeToggle />
          <Link to={localePath(lang, 'tools')} className="btn btn-primary btn-sm get-started">
            {t('buttons.auditSite')}
          </Link>
          <details ref={menuRef} className="mobile-menu">
            <summary className="btn btn-ghost btn-icon" aria-label={t('nav.menu')}>
              <MenuIcon className="icon-open" />
              <CloseIcon className="icon-close" />
            </summary>
            <nav aria-label={t('nav.label')} className="mobile-panel">
              <NavItems lang={lang} className="mobile-nav-list" />
              <Link to={localePath(lang, 'tools')} className="btn btn-primary w-full">
                {t('buttons.auditSite')}
              </Link>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

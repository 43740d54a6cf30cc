import { Link } from 'react-router-dom';
import { useSite } from '../site-context.tsx';
import { SITE_NAME, SOCIAL_PROFILES, localePath, type Lang } from '../site.ts';
import { BotIcon, GitHubIcon, LinkedInIcon, LockIcon, MailIcon, ShieldIcon, XIcon } from './Icons.tsx';
import { Logo } from './Logo.tsx';
import { usePageMeta } from '../seo/PageHead.tsx';
import { useT } from '../i18n/hooks.ts';

interface FooterLink {
  key: string;
  /** Path below the language prefix, or an absolute site path when `external`. */
  to: string;
  newTab?: boolean;
}

// The spec's four groups. Pages it names without content point to the section that covers them.
const GROUPS: { key: string; links: FooterLink[] }[] = [
  {
    key: 'platform',
    links: [
      { key: 'guide', to: 'guide' },
      { key: 'tools', to: 'tools' },
      { key: 'services', to: 'services' },
      { key: 'caseStudies', to: 'guide#case-studies' },
    ],
  },
  {
    key: 'resources',
    links: [
      { key: 'faq', to: 'faq' },
      { key: 'blog', to: 'blog' },
      { key: 'glossary', to: '#glossary' },
      { key: 'research', to: 'blog?category=Strategy' },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'privacy', to: 'privacy' },
      { key: 'terms', to: 'terms' },
      { key: 'aiTxt', to: '/ai.txt', newTab: true },
      { key: 'gdpr', to: 'gdpr' },
    ],
  },
  {
    key: 'company',
    links: [
      { key: 'about', to: 'about' },
      { key: 'contact', to: 'contact' },
      { key: 'careers', to: 'about#careers' },
      { key: 'partners', to: 'contact?service=partnership' },
    ],
  },
];

const SOCIAL = [
  { href: SOCIAL_PROFILES[0]!, label: 'LinkedIn', Icon: LinkedInIcon },
  { href: SOCIAL_PROFILES[1]!, label: 'X', Icon: XIcon },
  { href: SOCIAL_PROFILES[2]!, label: 'GitHub', Icon: GitHubIcon },
];

export function Footer({ lang, errorStatus }: { lang: Lang; errorStatus?: number }) {
  const { t } = useT('common');
  const { renderedAt, visitor, siteUrl, contactEmail } = useSite();
  const year = new Date(renderedAt).getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to={localePath(lang)} className="brand-link" aria-label={t('brand.homeLabel')}>
            <Logo />
          </Link>
          <p className="muted">{t('footer.about')}</p>
          <ul className="social" aria-label={t('footer.social')}>
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} className="btn btn-ghost btn-icon" aria-label={label} rel="me noopener">
                  <Icon />
                </a>
              </li>
            ))}
            <li>
              <a
                href={`mailto:${contactEmail}`}
                className="btn btn-ghost btn-icon"
                aria-label={t('footer.email')}
              >
                <MailIcon />
              </a>
            </li>
          </ul>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.key} aria-labelledby={`footer-${group.key}`} className="footer-group">
            <h2 id={`footer-${group.key}`} className="footer-heading">
              {t(`footer.${group.key}`)}
            </h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.key}>
                  {link.newTab ? (
                    <a href={link.to} target="_blank" rel="noopener" className="footer-link">
                      {t(`footer.links.${link.key}`)}
                      <span className="sr-only"> ({t('footer.newTab')})</span>
                    </a>
                  ) : (
                    <Link
                      to={
                        link.to.startsWith('#') ? `${localePath(lang)}${link.to}` : localePath(lang, link.to)
                      }
                      className="footer-link"
                    >
                      {t(`footer.links.${link.key}`)}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        <ul className="badges" aria-label={t('footer.badges.label')}>
          <li className="badge-pill">
            <ShieldIcon width={16} height={16} />
            {t('footer.badges.aiAct')}
          </li>
          <li className="badge-pill">
            <LockIcon width={16} height={16} />
            {t('footer.badges.gdpr')}
          </li>
          <li className="badge-pill">
            <BotIcon width={16} height={16} />
            {t('footer.badges.crawlers')}
          </li>
        </ul>
        <p className="muted small">{t('footer.copyright', { year })}</p>
      </div>
      {/* Organization microdata, mirrored by the JSON-LD graph, for parsers that read microdata only. */}
      <div hidden itemScope itemType="https://schema.org/Organization">
        <meta itemProp="name" content={SITE_NAME} />
        <link itemProp="url" href={`${siteUrl}/`} />
        <link itemProp="logo" href={`${siteUrl}/icon-512.png`} />
        <meta itemProp="email" content={contactEmail} />
        <meta itemProp="description" content={t('brand.tagline')} />
        {SOCIAL_PROFILES.map((href) => (
          <link key={href} itemProp="sameAs" href={href} />
        ))}
      </div>
      <BotFallback show={visitor.isBot} lang={lang} errorStatus={errorStatus} />
    </footer>
  );
}

/**
 * The spec's hidden bot-fallback block: empty for people, filled for crawlers with the page's and the
 * site's key facts (never visible, so people and crawlers still see the same page).
 */
function BotFallback({
  show,
  lang,
  errorStatus,
}: {
  show: boolean;
  lang: Lang;
  errorStatus: number | undefined;
}) {
  const { t } = useT('common');
  const { meta, canonical, markdownPath } = usePageMeta(lang, errorStatus);
  const facts = t('botFallback.facts', { returnObjects: true }) as string[];
  return (
    <section hidden id="bot-fallback" aria-hidden="true" data-bot-fallback="">
      {show ? (
        <>
          <h2>{t('botFallback.title')}</h2>
          <p>
            {t('botFallback.thisPage', { title: meta.title })} {meta.description}{' '}
            <a href={canonical}>{canonical}</a>
            {markdownPath ? (
              <>
                {' '}
                (<a href={markdownPath}>Markdown</a>)
              </>
            ) : null}
          </p>
          <ul>
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { useSite } from '../site-context.tsx';
import { SITE_NAME, SOCIAL_PROFILES, localePath, type Lang } from '../site.ts';
import { GitHubIcon, LinkedInIcon, XIcon } from './BrandIcons.tsx';
import { BotIcon, LockIcon, MailIcon, ShieldIcon } from './Icons.tsx';
import { Logo } from './Logo.tsx';
import { useT } from '../i18n/hooks.ts';

interface FooterLink {
  key: string;
  /** Path below the language prefix, or an absolute site path when `external`. */
  to: string;
  newTab?: boolean;
}

/** A link to a page below the language prefix (`to` defaults to the key), or to a site file in a new tab. */
const link = (key: string, to = key, newTab = false): FooterLink => ({ key, to, newTab });

// Four groups of links. Entries with no page of their own (case studies, glossary, careers, partners)
// point to the section that covers them.
const GROUPS: { key: string; links: FooterLink[] }[] = [
  {
    key: 'platform',
    links: [link('guide'), link('tools'), link('services'), link('caseStudies', 'guide#case-studies')],
  },
  {
    key: 'resources',
    links: [
      link('faq'),
      link('blog'),
      link('glossary', '#glossary'),
      link('research', 'blog?category=Strategy'),
    ],
  },
  {
    key: 'legal',
    links: [
      link('legalNotice', 'legal-notice'),
      link('privacy'),
      link('terms'),
      link('aiTxt', '/ai.txt', true),
      link('gdpr'),
    ],
  },
  {
    key: 'company',
    links: [
      link('about'),
      link('contact'),
      link('careers', 'about#careers'),
      link('partners', 'contact?service=partnership'),
    ],
  },
];

const SOCIAL = [
  { href: SOCIAL_PROFILES[0]!, label: 'LinkedIn', Icon: LinkedInIcon },
  { href: SOCIAL_PROFILES[1]!, label: 'X', Icon: XIcon },
  { href: SOCIAL_PROFILES[2]!, label: 'GitHub', Icon: GitHubIcon },
];

// The compliance badges say what the statement they link to says (the AI Act statement's own label,
// the GDPR page), so a visitor can check each one; the crawler count is the catalogue's.
const BADGES: { key: string; Icon: typeof ShieldIcon; to?: string }[] = [
  { key: 'aiAct', Icon: ShieldIcon, to: 'ai-act-statement' },
  { key: 'gdpr', Icon: LockIcon, to: 'gdpr' },
  { key: 'crawlers', Icon: BotIcon },
];

export function Footer({ lang }: { lang: Lang }) {
  const { t } = useT('common');
  const { year, siteUrl, contactEmail, aiCrawlers } = useSite();
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
          {BADGES.map(({ key, Icon, to }) => (
            <li key={key} className="badge-pill">
              <Icon width={16} height={16} />
              {to ? (
                <Link to={localePath(lang, to)} className="underline-offset-2 hover:underline">
                  {t(`footer.badges.${key}`)}
                </Link>
              ) : (
                t(`footer.badges.${key}`, { crawlers: aiCrawlers })
              )}
            </li>
          ))}
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
    </footer>
  );
}

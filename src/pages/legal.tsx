import { Fragment, type ReactNode } from 'react';
import { Link, useMatches } from 'react-router-dom';
import { PageHero } from '../components/PageHero.tsx';
import type { RouteHandle } from '../route-handle.ts';
import type { Copy } from '../i18n/copy.ts';
import { useLang, useT } from '../i18n/hooks.ts';
import { telHref, type CompanyIdentity } from '../lib/company.ts';
import { useSite } from '../site-context.tsx';
import { PAGES, isLegalPage, localePath, type Lang } from '../site.ts';

/**
 * The legal notice, privacy, terms, GDPR and cookie policy: one layout, the copy in the 'legal'
 * namespace. The legal notice also shows the publisher and host from the settings (decision 029),
 * and every legal page may name the publisher ({{company}}, {{address}}).
 */
export default function LegalPage() {
  const { t, copy } = useT('legal');
  const lang = useLang();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const key = isLegalPage(handle?.page) ? handle.page : 'privacy';
  const { contactEmail, company } = useSite();
  const vars = {
    email: contactEmail,
    company: company.name,
    address: company.address,
    // A phone number read in a sentence stays on one line.
    phone: company.phone.replace(/ /g, '\u00a0'),
    director: company.publicationDirector,
  };
  const sections = copy(`${key}.sections`, vars) as readonly LegalSection[];
  const notice = key === 'legalNotice' ? copy('legalNotice', vars) : undefined;
  const contents = [...(notice ? [notice.publisher, notice.director, notice.host] : []), ...sections];
  return (
    <>
      <PageHero title={t(`${key}.hero.title`)} subtitle={t(`${key}.hero.subtitle`)} />
      <div className="container narrow prose-block">
        <nav aria-labelledby="legal-toc" className="toc">
          <h2 id="legal-toc" className="toc-title">
            {t('onThisPage')}
          </h2>
          <ol>
            {contents.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {notice ? <Identity copy={notice} company={company} email={contactEmail} /> : null}
        {sections.map((s) => (
          <Section key={s.id} id={s.id} title={s.title}>
            {s.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {s.items ? (
              <ul>
                {s.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            ) : null}
            {s.link ? <SentenceLink lang={lang} {...s.link} /> : null}
          </Section>
        ))}
      </div>
    </>
  );
}

/** A section of a legal page's copy; `link` is a sentence whose [bracketed words] link to a page. */
interface LegalSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  link?: { page: string; text: string };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** "… are listed in our [legal notice]." with "legal notice" linking to that page. */
function SentenceLink({ lang, page, text }: { lang: Lang; page: string; text: string }) {
  const to = localePath(lang, PAGES.find((p) => p.id === page)?.path);
  // Underlined: a link inside a sentence must not be told apart by its color alone (WCAG 1.4.1).
  const underlined = 'underline underline-offset-2';
  const [before = '', label, after = ''] = text.split(/\[([^\]]+)\]/);
  return (
    <p>
      {label === undefined ? (
        <Link to={to} className={underlined}>
          {text}
        </Link>
      ) : (
        <>
          {before}
          <Link to={to} className={underlined}>
            {label}
          </Link>
          {after}
        </>
      )}
    </p>
  );
}

/** The legal notice's publisher, director of publication and host, from the COMPANY_* settings. */
function Identity({
  copy,
  company,
  email,
}: {
  copy: Copy<'legal'>['legalNotice'];
  company: CompanyIdentity;
  email: string;
}) {
  const { publisher, director, host } = copy;
  const p = publisher.labels;
  return (
    <>
      <Section id={publisher.id} title={publisher.title}>
        <p>{publisher.intro}</p>
        <Facts
          rows={[
            [p.name, company.name],
            [p.legalForm, company.legalForm],
            [p.shareCapital, company.shareCapital],
            [p.address, <address>{company.address}</address>],
            [p.registration, company.registration],
            [p.vatNumber, company.vatNumber],
            [p.email, <a href={`mailto:${email}`}>{email}</a>],
            [p.phone, <Phone number={company.phone} />],
          ]}
        />
      </Section>
      <Section id={director.id} title={director.title}>
        <p>{director.text}</p>
      </Section>
      <Section id={host.id} title={host.title}>
        <p>{host.intro}</p>
        <Facts
          rows={[
            [host.labels.name, company.host.name],
            // The host's address is not this page's contact information: plain text, not <address>.
            [host.labels.address, company.host.address],
            [host.labels.phone, <Phone number={company.host.phone} />],
          ]}
        />
      </Section>
    </>
  );
}

/** Label and value pairs; a row whose value is not set is left out. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="my-4 grid gap-x-6 rounded-2xl border border-border p-5 sm:grid-cols-[minmax(8rem,13rem)_1fr] sm:gap-y-3">
      {rows
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt className="text-sm text-muted sm:text-base">{label}</dt>
            <dd className="mb-3 font-semibold break-words last:mb-0 sm:mb-0 [&_address]:not-italic">
              {value}
            </dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** A phone number, a `tel:` link when it has digits (a development placeholder has none). */
function Phone({ number }: { number: string }) {
  return /\d/.test(number) ? (
    <a href={telHref(number)} className="whitespace-nowrap">
      {number}
    </a>
  ) : (
    <>{number}</>
  );
}

import { Fragment, type ReactNode } from 'react';
import { Link, useMatches } from 'react-router-dom';
import { PageHero } from '../components/PageHero.tsx';
import type { RouteHandle } from '../route-handle.ts';
import type { Copy } from '../i18n/copy.ts';
import { useLang, useT } from '../i18n/hooks.ts';
import { pageModified } from '../content/page-dates.ts';
import { telHref, type CompanyIdentity } from '../lib/company.ts';
import { longDate } from '../lib/format.ts';
import { useSite, type SiteContextValue } from '../site-context.tsx';
import { PAGES, isLegalPage, localePath, type Lang, type LegalPageId } from '../site.ts';

/**
 * The legal notice, privacy, terms, GDPR and cookie policy: one layout, the copy in the 'legal'
 * namespace. The legal notice also shows the publisher and host from the settings (decision 029),
 * and every legal page may name the publisher ({{company}}, {{address}}). The lists that several
 * pages show (what we process, why, on what basis and for how long; what the browser keeps; the
 * processors; your rights) are written once, in `legal.processing`, and each page renders the view
 * its section names (`list`), so the pages cannot disagree (decision 072).
 */
export default function LegalPage() {
  const { t, copy } = useT('legal');
  const lang = useLang();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const key = isLegalPage(handle?.page) ? handle.page : 'privacy';
  const site = useSite();
  const { contactEmail, company } = site;
  const vars = {
    email: contactEmail,
    company: company.name,
    address: company.address,
    // A phone number read in a sentence stays on one line.
    phone: company.phone.replace(/ /g, '\u00a0'),
    director: company.publicationDirector,
    reportDays: site.reportDays,
  };
  const sections = copy(`${key}.sections`, vars) as readonly LegalSection[];
  const notice = key === 'legalNotice' ? copy('legalNotice', vars) : undefined;
  const contents = [...(notice ? [notice.publisher, notice.director, notice.host] : []), ...sections];
  return (
    <>
      <PageHero title={t(`${key}.hero.title`)} subtitle={t(`${key}.hero.subtitle`)} />
      <div className="container narrow prose-block">
        <Updated page={key} lang={lang} />
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
            {s.list ? <SharedList view={s.list} site={site} /> : null}
            {s.after?.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
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
  /** A view of the shared lists (`legal.processing`) shown after the paragraphs and items. */
  list?: ListView;
  /** Paragraphs after that list. */
  after?: readonly string[];
  link?: { page: string; text: string };
}

/** The views of `legal.processing` a section can show. */
type ListView =
  | 'data'
  | 'purposes'
  | 'retention'
  | 'bases'
  | 'rights'
  | 'storage'
  | 'cookies'
  | 'browserStorage'
  | 'processors';

/**
 * "Last updated" under the title: the day the page's text last changed in this language
 * (content/pages/dates.json, kept by `npm run dates`), which Privacy and Terms say is shown at the top.
 */
function Updated({ page, lang }: { page: LegalPageId; lang: Lang }) {
  const { t } = useT('legal');
  const modified = pageModified(page, lang);
  if (!modified) return null;
  return (
    <p className="muted small" data-doc-info>
      {t('updated')}{' '}
      {/* data-modified: the page's own date, left out of the content it dates (npm run dates). */}
      <time dateTime={modified} data-modified="">
        {longDate(modified, lang)}
      </time>
    </p>
  );
}

/** One of the shared lists, as the section's view asks, with the deployment's own values. */
function SharedList({ view, site }: { view: ListView; site: SiteContextValue }) {
  const { copy } = useT('legal');
  const { labels, activities, rights, storage, processors } = copy('processing', {
    reportDays: site.reportDays,
    host: site.company.host.name,
    emailProvider: site.company.emailProvider ?? '',
  });
  const named = (name: string, text: string) => (
    <>
      <strong>{name}</strong>
      {labels.sep}
      {text}
    </>
  );
  const bullets = (rows: { key: string; body: ReactNode }[]) => (
    <ul data-list={view}>
      {rows.map((row) => (
        <li key={row.key}>{row.body}</li>
      ))}
    </ul>
  );
  switch (view) {
    case 'data':
      return bullets(activities.map((a) => ({ key: a.id, body: named(a.name, a.data) })));
    case 'purposes':
      return bullets(
        activities.map((a) => ({
          key: a.id,
          body: named(a.name, `${a.purpose} ${labels.basis}${labels.sep}${a.basis}`),
        })),
      );
    case 'retention':
      return bullets(activities.map((a) => ({ key: a.id, body: named(a.name, a.retention) })));
    case 'rights':
      return bullets(rights.map((right) => ({ key: right, body: right })));
    case 'bases':
      return (
        // Focusable and named so keyboard users can scroll the table on narrow screens.
        <div className="table-wrap my-4" tabIndex={0} role="region" aria-labelledby="bases-caption">
          <table className="table min-w-[36rem]" data-list={view}>
            <caption id="bases-caption">{labels.basesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.activity}</th>
                <th scope="col">{labels.basis}</th>
                <th scope="col">{labels.retention}</th>
              </tr>
            </thead>
            <tbody>
              {activities.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.name}</th>
                  {/* The shared texts continue a sentence in the lists; a table cell starts one. */}
                  <td className="first-letter:uppercase">{a.basis}</td>
                  <td className="first-letter:uppercase">{a.retention}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'storage':
    case 'cookies':
    case 'browserStorage': {
      const kept = storage.filter(
        (item) =>
          view === 'storage' || (view === 'cookies' ? item.kind === 'cookie' : item.kind !== 'cookie'),
      );
      return bullets(
        kept.map((item) => ({
          key: item.id,
          body: (
            <>
              <code>{item.name}</code> ({item.where}){labels.sep}
              {item.purpose} {labels.duration} {item.duration}
            </>
          ),
        })),
      );
    }
    case 'processors': {
      const lines = [
        processors.host,
        ...(site.hostedDatabase ? [processors.database] : []),
        site.company.emailProvider ? processors.email : processors.emailUnnamed,
      ];
      return (
        <>
          {bullets(lines.map((line) => ({ key: line, body: line })))}
          <p>{processors.note}</p>
        </>
      );
    }
  }
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

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FileIcon, ScaleIcon } from '../components/home/HomeIcons.tsx';
import {
  ArrowRight,
  BotIcon,
  LockIcon,
  MailIcon,
  ShieldIcon,
  type IconComponent,
} from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';
import { localePath, type Lang } from '../site.ts';
import { longDate } from '../lib/format.ts';
import { pageModified } from '../content/page-dates.ts';
import { CheckList, CopySections } from '../components/sections/PageBlocks.tsx';
import type { CopySection } from '../components/sections/PageBlocks.tsx';
import { CardIcon, TableHead } from '../components/Primitives.tsx';

/** A titled block of the statement; `id` makes it linkable and names the region. */
function Block({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-16 scroll-mt-20">
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      {lead ? <p className="section-lead max-w-3xl">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** 'Last Updated' (when the statement's text last changed, in the page language), version and review cycle. */
function DocInfo() {
  const { t } = useT('aiAct');
  const lang = useLang();
  const modified = pageModified('aiAct', lang);
  return (
    <ul
      aria-label={t('docInfo.label')}
      className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted"
      data-doc-info
    >
      <li>
        <span className="font-semibold text-fg">{t('docInfo.updated')}</span>{' '}
        {/* data-modified: the page's own date, left out of the content it dates (npm run dates). */}
        {modified ? (
          <time dateTime={modified} data-modified="">
            {longDate(modified, lang)}
          </time>
        ) : null}
      </li>
      <li className="font-semibold text-fg">{t('docInfo.version')}</li>
      <li>{t('docInfo.review')}</li>
    </ul>
  );
}

function StatusCard() {
  const { t, copy } = useT('aiAct');
  return (
    <section
      aria-labelledby="status-title"
      className="card highlight mt-8 gap-6 md:grid md:grid-cols-[2fr_3fr] md:gap-10 md:p-8"
    >
      <div className="grid content-start gap-3">
        <span className="badge badge-success px-3 py-1 text-sm" data-status-badge>
          <ShieldIcon width={16} height={16} />
          {t('status.badge')}
        </span>
        <h2 id="status-title" className="text-2xl font-extrabold tracking-tight">
          {t('status.title')}
        </h2>
        <p className="muted">{t('status.text')}</p>
      </div>
      <CheckList
        items={copy('status.checks')}
        iconSize={20}
        aria-label={t('status.checksLabel')}
        className="content-start gap-3"
        itemProps={{ 'data-compliance-check': true }}
      />
    </section>
  );
}

/** One fact of the risk summary; plain text is set in bold. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-5">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className={typeof children === 'string' ? 'mt-2 font-semibold' : 'mt-2'}>{children}</dd>
    </div>
  );
}

function RiskAssessment() {
  const { t, copy } = useT('aiAct');
  const { auditChecks } = useSite();
  return (
    <>
      <dl aria-label={t('risk.summaryLabel')} className="grid gap-4 md:grid-cols-[1fr_2fr_1.5fr]">
        <Fact label={t('risk.overallLabel')}>
          <span className="badge badge-success px-3 py-1 text-base" data-overall-risk>
            {t('risk.overall')}
          </span>
        </Fact>
        <Fact label={t('risk.frameworkLabel')}>{t('risk.framework')}</Fact>
        <Fact label={t('risk.reviewLabel')}>{t('risk.review')}</Fact>
      </dl>
      <p className="mt-6 max-w-3xl">{t('risk.text', { checks: auditChecks })}</p>
      {/* Focusable and named so keyboard users can scroll the table on narrow screens. */}
      <div className="table-wrap mt-6" tabIndex={0} role="region" aria-labelledby="risk-table-caption">
        <table className="table min-w-[48rem]">
          <caption id="risk-table-caption">{t('risk.table.caption')}</caption>
          <TableHead
            columns={[
              { label: t('risk.table.component') },
              { label: t('risk.table.purpose') },
              { label: t('risk.table.available') },
              { label: t('risk.table.level') },
              { label: t('risk.table.basis') },
            ]}
          />
          <tbody>
            {copy('risk.table.rows').map((row) => (
              <tr key={row.component}>
                <th scope="row">{row.component}</th>
                <td>{row.purpose}</td>
                <td>{row.available}</td>
                <td>
                  <span className="badge badge-success" data-tier>
                    {row.level}
                  </span>
                </td>
                <td>{row.basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Gpai() {
  const { t, copy } = useT('aiAct');
  const { siteUrl, contactEmail } = useSite();
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        {copy('gpai.paragraphs').map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <div>
        <h3 className="text-xl font-bold">{t('gpai.sampleTitle')}</h3>
        <p className="mt-2 muted">{t('gpai.sampleText')}</p>
        <figure className="mt-4">
          <pre className="whitespace-pre-wrap break-words rounded-xl border border-border bg-[var(--bg-soft)] p-5 text-sm leading-relaxed text-fg">
            <code>{t('gpai.sample', { siteUrl, email: contactEmail })}</code>
          </pre>
          <figcaption className="mt-2 text-sm text-muted">{t('gpai.sampleCaption')}</figcaption>
        </figure>
        <p className="mt-4">
          <a
            href="/ai.txt"
            className="inline-flex items-center gap-1 font-semibold text-brand underline underline-offset-2"
          >
            {t('gpai.fullPolicy')}
            <ArrowRight width={16} height={16} />
          </a>
        </p>
      </div>
    </div>
  );
}

function DataProtection() {
  const { copy } = useT('aiAct');
  const { contactEmail } = useSite();
  return (
    <CheckList
      items={copy('data.items', { email: contactEmail })}
      iconSize={20}
      className="gap-x-10 gap-y-3 md:grid-cols-2"
    />
  );
}

/** A card of the contacts block: its titled icon and a list of names and values. */
function ContactCard({
  icon: Icon,
  title,
  children,
}: {
  icon: IconComponent;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="card">
      <h3 className="card-title flex items-center gap-2">
        <Icon className="text-brand" />
        {title}
      </h3>
      <dl className="grid gap-4">{children}</dl>
    </div>
  );
}

function Contacts() {
  const { t } = useT('aiAct');
  const { contactEmail } = useSite();
  const emails = [
    { label: t('contacts.complianceLabel'), email: contactEmail, note: t('contacts.complianceNote') },
    { label: t('contacts.privacyLabel'), email: contactEmail, note: t('contacts.privacyNote') },
  ];
  const regulatory = [
    { label: t('contacts.regulationLabel'), value: t('contacts.regulation') },
    { label: t('contacts.dpaLabel'), value: t('contacts.dpa') },
    { label: t('contacts.aiAuthorityLabel'), value: t('contacts.aiAuthority') },
  ];
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <ContactCard icon={MailIcon} title={t('contacts.contactsLabel')}>
        {emails.map((e) => (
          <div key={e.label}>
            <dt className="font-semibold">{e.label}</dt>
            <dd>
              <a
                href={`mailto:${e.email}`}
                className="font-semibold text-brand underline underline-offset-2 break-all"
              >
                {e.email}
              </a>
            </dd>
            <dd className="text-sm text-muted">{e.note}</dd>
          </div>
        ))}
      </ContactCard>
      <ContactCard icon={ScaleIcon} title={t('contacts.regulatoryLabel')}>
        {regulatory.map((r) => (
          <div key={r.label}>
            <dt className="font-semibold">{r.label}</dt>
            <dd className="text-muted">{r.value}</dd>
          </div>
        ))}
      </ContactCard>
    </div>
  );
}

function Related() {
  const { t } = useT('aiAct');
  const lang = useLang();
  const links: { key: string; to: string; Icon: IconComponent }[] = [
    { key: 'privacy', to: localePath(lang, 'privacy'), Icon: LockIcon },
    { key: 'terms', to: localePath(lang, 'terms'), Icon: FileIcon },
    { key: 'aiTxt', to: '/ai.txt', Icon: BotIcon },
    { key: 'cookies', to: localePath(lang, 'cookie-policy'), Icon: ShieldIcon },
  ];
  const linkClass =
    'card h-full flex-row items-start gap-4 no-underline transition-colors hover:border-brand';
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {links.map(({ key, to, Icon }) => {
        const body = (
          <>
            <CardIcon icon={Icon} className="shrink-0" />
            <span>
              <span className="block font-semibold text-brand underline underline-offset-2">
                {t(`related.${key}`)}
              </span>
              <span className="mt-1 block text-sm text-muted">{t(`related.${key}Text`)}</span>
            </span>
          </>
        );
        return (
          <li key={key}>
            {/* ai.txt is a file beside the app, not one of its routes. */}
            {to.startsWith('/ai.txt') ? (
              <a href={to} className={linkClass}>
                {body}
              </a>
            ) : (
              <Link to={to} className={linkClass}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The official text of the AI Act on EUR-Lex, in the page's language (its own language version). */
const AI_ACT_URL = (lang: Lang) =>
  `https://eur-lex.europa.eu/legal-content/${lang.toUpperCase()}/TXT/?uri=CELEX:32024R1689`;

/** The text every article the statement cites comes from, linked in the reader's language. */
function ActSource() {
  const { t } = useT('aiAct');
  const lang = useLang();
  return (
    <>
      <p>
        <cite className="not-italic">
          <a
            href={AI_ACT_URL(lang)}
            rel="noopener"
            hrefLang={lang}
            className="font-semibold text-brand underline underline-offset-2"
            data-act-source
          >
            {t('sources.act')}
          </a>
        </cite>
        , {t('sources.publisher')}
      </p>
      <p className="mt-2 text-muted">{t('sources.cited')}</p>
    </>
  );
}

const SECTIONS: readonly CopySection[] = [
  { id: 'risk-assessment', key: 'risk', Content: RiskAssessment },
  { id: 'gpai', key: 'gpai', lead: false, Content: Gpai },
  { id: 'data-protection', key: 'data', Content: DataProtection },
  { id: 'contacts', key: 'contacts', lead: false, Content: Contacts },
  { id: 'related', key: 'related', lead: false, Content: Related },
  { id: 'sources', key: 'sources', Content: ActSource },
];

export default function AiActPage() {
  const { t } = useT('aiAct');
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <div className="container pb-12">
        <DocInfo />
        <StatusCard />
        <CopySections ns="aiAct" sections={SECTIONS} frame={Block} />
      </div>
    </>
  );
}

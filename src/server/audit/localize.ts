import type { Translate } from '../../i18n/instance.ts';
import {
  PAGE_TYPE_IDS,
  type AuditCategory,
  type AuditItem,
  type EngineReading,
  type PageReading,
  type SitePageRow,
  type SiteReport,
} from '../../lib/audit.ts';
import { settledStatus } from './check.ts';
import { engineOf, type EngineVerdict } from './engines.ts';
import type { SiteResult } from './run.ts';
import type { PageTypeReading } from './structured/page-type.ts';
import { scoreFindings } from './score.ts';
import type { CategoryFindings, Finding, Message } from './types.ts';

// Findings to text in one language (the API's shape, decision 017). `t` is fixed to the `audit` namespace
// of the reader's language, with escapeValue off: the texts are plain strings that React or JSON
// escapes when shown, and values quoted from the audited site were clipped by the checks.
//
// Values are formatted here, not in the JSON, so that any `t` works (i18next on the server, the
// browser's ClientI18n, a test double) and both stay identical:
// - a number is written in the reader's locale ("1,234.5", "1 234,5");
// - `count` also chooses the plural form, so it is passed as a number, and shown as `{{n}}`;
// - a string value whose name ends in "Date" and holds "YYYY-MM-DD" becomes a long date.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Formats {
  number: (value: number) => string;
  date: (isoDay: string) => string;
}

function formats(t: Translate): Formats {
  const locale = t('format.locale');
  const firstDay = t('format.firstDay');
  let number: Intl.NumberFormat;
  let date: Intl.DateTimeFormat;
  try {
    number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  } catch {
    // A missing or broken locale key must not break a report: fall back to neutral formats.
    number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    date = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' });
  }
  return {
    number: (value) => number.format(value),
    // French writes the first of the month as an ordinal ("1er mars"); Intl does not.
    date: (isoDay) =>
      date
        .formatToParts(new Date(`${isoDay}T00:00:00Z`))
        .map((part) => (part.type === 'day' && part.value === '1' ? firstDay : part.value))
        .join(''),
  };
}

function formatValues(message: Message, f: Formats): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    if (typeof value === 'number') {
      values[name === 'count' ? 'n' : name] = f.number(value);
      if (name === 'count') values.count = value;
    } else {
      values[name] = name.endsWith('Date') && DAY.test(value) ? f.date(value) : value;
    }
  }
  return values;
}

export function localizeMessage(message: Message, t: Translate, f: Formats = formats(t)): string {
  return message.values ? t(message.key, formatValues(message, f)) : t(message.key);
}

function localizeFinding(finding: Finding, t: Translate, f: Formats): AuditItem {
  const item: AuditItem = {
    id: finding.id,
    // A report saved before issue 38 has its weightless checks as passes: shown as they are now.
    status: settledStatus(finding.status, finding.weight),
    title: t(`items.${finding.id}.title`),
    evidence: finding.evidence.map((m) => localizeMessage(m, t, f)).join(' '),
  };
  if (finding.recommendation) item.recommendation = localizeMessage(finding.recommendation, t, f);
  if (finding.blocks) item.blocks = true;
  return item;
}

/** The report's categories in the reader's language, each with its score and status. */
export function localizeFindings(categories: readonly CategoryFindings[], t: Translate): AuditCategory[] {
  const f = formats(t);
  return categories.map((category) => ({
    id: category.id,
    ...scoreFindings(category.findings),
    items: category.findings.map((finding) => localizeFinding(finding, t, f)),
  }));
}

/**
 * How the page was read, in the reader's language: "Read as a product page, from its Product
 * markup." Undefined for a reading this version does not know (a report saved by another one).
 */
export function localizePageType(reading: PageTypeReading, t: Translate): PageReading | undefined {
  const { type, from, detail } = reading;
  if (!PAGE_TYPE_IDS.includes(type)) return undefined;
  const how =
    from === 'markup' || (from === 'url' && detail)
      ? from
      : from === 'url'
        ? 'root'
        : type === 'documentation'
          ? 'content'
          : 'other';
  const text = t(`pageType.read.${how}`, { page: t(`pageType.name.${type}`), detail: detail ?? '' });
  return { type, from, ...(detail ? { detail } : {}), text };
}

/** The answer engines' verdicts in the reader's language, with their names and sources. */
export function localizeEngines(verdicts: readonly EngineVerdict[], t: Translate): EngineReading[] {
  const f = formats(t);
  return verdicts.flatMap((v) => {
    const engine = engineOf(v.id);
    if (!engine) return [];
    const reasons = v.reasons.map((m) => localizeMessage(m, t, f));
    return [{ id: v.id, name: engine.name, status: v.status, reasons, docs: engine.docs }];
  });
}

/** A site audit's table and summary in the reader's language (decision 024). */
export function localizeSite(site: SiteResult, t: Translate): SiteReport {
  const f = formats(t);
  return {
    requested: site.requested,
    source: site.source,
    pages: site.table.map((row) => {
      const out: SitePageRow = { url: row.url, outcome: row.outcome };
      if (row.status !== undefined) out.status = row.status;
      if (row.score !== undefined) out.score = row.score;
      if (row.outcome !== 'audited') {
        out.note = t(`site.notes.${row.detail ?? row.outcome}`, { status: row.status ?? '' });
      }
      return out;
    }),
    ...(site.verdict
      ? {
          verdict: {
            ...site.verdict,
            engines: site.verdict.engines.flatMap((e) => {
              const engine = engineOf(e.id);
              return engine ? [{ ...e, name: engine.name }] : [];
            }),
          },
        }
      : {}),
    summary: site.findings.map((finding) => ({
      id: finding.id,
      status: finding.status,
      title: t(`site.items.${finding.id}.title`),
      evidence: finding.evidence.map((m) => localizeMessage(m, t, f)).join(' '),
      urls: finding.urls,
      ...(finding.templates ? { templates: finding.templates } : {}),
    })),
  };
}

import type { Translate } from '../../i18n/instance.ts';
import {
  countsShown,
  FIXES_FIRST,
  propertyChangeTexts,
  topFindings,
  engineAcross,
  ENGINES_CHECKED_ON,
  scoreBand,
  scoreMessageKey,
  type AuditReport,
  type ItemStatus,
} from '../../lib/audit.ts';
import { longDate } from '../../lib/format.ts';
import { escapeXml } from '../../lib/serialize.ts';
import type { Lang } from '../../site.ts';

// A saved report as files (decision 031): Markdown to keep or paste, and the score badge as SVG.
// Every text that comes from the audited site (addresses, evidence quoting its pages) is untrusted:
// in Markdown it is escaped so it can never become a link, an image, markup or a heading; in the
// SVG there is none (the score is a number).

/**
 * What GitHub Flavored Markdown turns into a link by itself in plain text (its "autolinks
 * (extension)": https://github.github.com/gfm/#autolinks-extension-): a scheme's colon (`https:`,
 * `http:`, `ftp:`, `mailto:`, `xmpp:`, anywhere, as renderers such as marked start a link inside a
 * word), the dot of `www.`, and an address's `@`. Each gets a backslash: rendered, the text reads
 * exactly as the site wrote it, and only the raw Markdown shows the backslash.
 */
const AUTOLINK = /(?<=(?:https?|ftp|mailto|xmpp))(?=:)|(?<=www)(?=\.)|(?=@)/giu;

/**
 * Plain text as Markdown text: one line, every character Markdown or HTML could act on escaped, and
 * no address in it a link (decision 048: the audited site's text never links anywhere).
 */
export function markdownText(text: string): string {
  return (
    text
      // Line breaks and ASCII spaces fold; no-break spaces stay (French typography: « 80\u00a0sur 100 »).
      .replace(/[\t\n\v\f\r \u0085\u2028\u2029]+/g, ' ')
      .trim()
      .replace(/[\\`*_[\]<>|~#&]/g, (c) => (c === '<' ? '&lt;' : c === '&' ? '&amp;' : `\\${c}`))
      .replace(AUTOLINK, '\\')
  );
}

const STATUS_MARK: Record<ItemStatus, string> = {
  pass: '✓',
  warning: '!',
  fail: '✗',
  info: 'i',
  notApplicable: '–',
};

/** The report in Markdown, in the reader's language (`t`: the tools namespace). */
export function reportMarkdown(report: AuditReport, lang: Lang, t: Translate, permalink: string): string {
  const time = report.auditedAt.slice(11, 16);
  const status = (s: ItemStatus) => t(`results.itemStatus.${s}`);
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const lines = [
    `# ${markdownText(t('results.title', { url: report.url }))}`,
    '',
    markdownText(t('results.auditedAt', { date: longDate(report.auditedAt, lang), time })),
    ...(report.finalUrl !== report.url
      ? ['', markdownText(t('results.finalUrl', { url: report.finalUrl }))]
      : []),
    ...(report.pageType ? ['', `**${markdownText(report.pageType.text)}**`] : []),
    '',
    `${t('report.share.link')}${colon} <${permalink}>`,
    '',
    `## ${t('results.overall.title')}${colon} ${report.overall}/100`,
    '',
    markdownText(t(scoreMessageKey(report.overall))),
    '',
    countsLine(report, t),
  ];
  const verdict = report.site?.verdict;
  if (verdict) {
    lines.push(
      '',
      `## ${t('results.site.verdict.title')}`,
      '',
      markdownText(
        t('results.site.verdict.score', {
          score: verdict.score,
          lowest: verdict.lowest,
          highest: verdict.highest,
        }),
      ),
      '',
      `### ${t('results.site.verdict.engines')}`,
      '',
      ...verdict.engines.map(
        (e) =>
          `- ${markdownText(t(`results.site.verdict.engine.${engineAcross(e)}`, { ...e, engine: e.name }))}`,
      ),
      '',
      `### ${t('results.site.verdict.worst')}`,
      '',
      ...verdict.worst.map((page) => `- ${page.score}/100: ${markdownText(page.url)}`),
    );
  }
  if (report.engines) {
    lines.push(
      '',
      `## ${markdownText(t('results.engines.title'))}`,
      '',
      markdownText(t('results.engines.lead', { date: longDate(ENGINES_CHECKED_ON, lang) })),
      '',
    );
    for (const engine of report.engines) {
      lines.push(
        `- **${markdownText(engine.name)}**${colon} ${markdownText(t(`results.engines.status.${engine.status}`))}`,
      );
      for (const reason of engine.reasons) lines.push(`  - ${markdownText(reason)}`);
      // The operator's documentation is ours to link (the table in engines.ts), never the site's text.
      lines.push(`  - ${t('results.engines.source')}${colon} <${engine.docs}>`);
    }
  }
  // What to fix first, as the pages put it after the verdicts (issue 38): the same three fixes.
  const { top, more } = topFindings(report, FIXES_FIRST);
  const fixable = top.length + more;
  lines.push('', `## ${t('results.fixes.title')}`, '');
  if (fixable === 0) lines.push(markdownText(t('results.fixes.none')));
  else {
    lines.push(markdownText(t('results.fixes.lead', { count: fixable, shown: top.length })), '');
    for (const item of top) {
      lines.push(`- ${STATUS_MARK[item.status]} **${status(item.status)}**: ${markdownText(item.title)}`);
      if (item.recommendation)
        lines.push(`  ${t('results.recommendation')} ${markdownText(item.recommendation)}`);
    }
    if (more > 0) lines.push('', markdownText(t('results.fixes.more', { count: more })));
  }
  if (report.changes) {
    const c = report.changes;
    lines.push(
      '',
      `## ${markdownText(t('report.changes.title', { date: longDate(c.previous.auditedAt, lang) }))}`,
      '',
      `| ${t('report.changes.score')} | ${t('report.changes.before')} | ${t('report.changes.after')} |`,
      '|---|---:|---:|',
      `| ${t('report.changes.overall')} | ${c.overall.before} | ${c.overall.after} |`,
      ...c.categories.map(
        (cat) => `| ${t(`results.categories.${cat.id}.name`)} | ${cat.before} | ${cat.after} |`,
      ),
      ...(c.engines
        ? [
            '',
            `### ${t('report.changes.engines')}`,
            '',
            ...c.engines.map(
              (e) =>
                `- ${markdownText(e.name)}${colon} ${t(`results.engines.status.${e.before}`)} → ${t(`results.engines.status.${e.after}`)}`,
            ),
          ]
        : []),
      ...(c.crawlers
        ? [
            '',
            `### ${t('report.changes.crawlers')}`,
            '',
            ...(c.crawlers.allowed.length > 0
              ? [`- ${t('report.changes.crawlersAllowed', { agents: c.crawlers.allowed.join(', ') })}`]
              : []),
            ...(c.crawlers.blocked.length > 0
              ? [`- ${t('report.changes.crawlersBlocked', { agents: c.crawlers.blocked.join(', ') })}`]
              : []),
          ]
        : []),
      ...(c.properties
        ? [
            '',
            `### ${t('report.changes.properties')}`,
            '',
            ...c.properties.map(
              (p) =>
                `- ${markdownText(
                  propertyChangeTexts(p)
                    .map((line) => t(line.key, line.values))
                    .join(' '),
                )}`,
            ),
          ]
        : []),
      ...(c.pageType
        ? [
            '',
            `### ${t('report.changes.pageType')}`,
            '',
            `- ${t('report.changes.before')}${colon} ${markdownText(c.pageType.before.text)}`,
            `- ${t('report.changes.after')}${colon} ${markdownText(c.pageType.after.text)}`,
          ]
        : []),
      '',
      `### ${t('report.changes.checks')}`,
      '',
      ...(c.checks.length === 0
        ? [t('report.changes.none')]
        : c.checks.map(
            (check) => `- ${markdownText(check.title)}: ${status(check.before)} → ${status(check.after)}`,
          )),
    );
  }
  for (const category of report.categories) {
    lines.push(
      '',
      `## ${t(`results.categories.${category.id}.name`)}: ${category.score}/100 (${t(`results.categoryStatus.${category.status}`)})`,
      '',
    );
    for (const item of category.items) {
      lines.push(`- ${STATUS_MARK[item.status]} **${status(item.status)}**: ${markdownText(item.title)}`);
      if (item.evidence) lines.push(`  ${t('results.evidence')} ${markdownText(item.evidence)}`);
      if (item.recommendation)
        lines.push(`  ${t('results.recommendation')} ${markdownText(item.recommendation)}`);
    }
  }
  if (report.site) {
    lines.push('', `## ${markdownText(t('results.site.title', { count: report.site.pages.length }))}`, '');
    for (const page of report.site.pages)
      lines.push(
        `- ${markdownText(page.url)}${page.score !== undefined ? `: ${page.score}/100` : ''}${page.note ? ` (${markdownText(page.note)})` : ''}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * How many checks passed, warned, failed, informed or did not apply, as the page's badges say them:
 * "18 checks passed · 4 checks with warnings · 1 check for information".
 */
function countsLine(report: AuditReport, t: Translate): string {
  return countsShown(report.categories)
    .map(({ status, count }) => markdownText(t(`results.overall.counts.${status}`, { count })))
    .join(' · ');
}

/**
 * The badge's colours per score band (green from 90, yellow from 75, red below: scoreBand in
 * src/lib/audit.ts), with text that keeps WCAG's 4.5:1 contrast.
 */
const BADGE_COLOURS = {
  green: { fill: '#166534', text: '#ffffff' },
  yellow: { fill: '#facc15', text: '#1c1917' },
  red: { fill: '#b91c1c', text: '#ffffff' },
} as const;

/** Text width in the badge's 11 px sans-serif, near enough for layout (no font metrics at hand). */
function textWidth(text: string): number {
  return Math.ceil(
    [...text].reduce((w, c) => w + (/[ il.,:;'’|!]/.test(c) ? 3.5 : /[A-Z0-9%]/.test(c) ? 7.5 : 6.5), 0),
  );
}

/** The score badge: an SVG image whose accessible name says the score, e.g. "AI citation score: 92/100". */
export function badgeSvg(overall: number, label: string, name: string): string {
  const colours = BADGE_COLOURS[scoreBand(overall)];
  const value = `${overall}/100`;
  const left = textWidth(label) + 12;
  const right = textWidth(value) + 12;
  const width = left + right;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-labelledby="badge-title">`,
    `<title id="badge-title">${escapeXml(name)}</title>`,
    `<rect width="${left}" height="20" rx="3" fill="#334155"/>`,
    `<rect x="${left}" width="${right}" height="20" rx="3" fill="${colours.fill}"/>`,
    `<rect x="${left}" width="4" height="20" fill="${colours.fill}"/>`,
    `<g font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle" aria-hidden="true">`,
    `<text x="${left / 2}" y="14" fill="#ffffff">${escapeXml(label)}</text>`,
    `<text x="${left + right / 2}" y="14" fill="${colours.text}">${escapeXml(value)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

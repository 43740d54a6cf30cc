import type { ItemStatus, ScoreBand } from '../../lib/audit.ts';
import { escapeHtml } from '../../lib/serialize.ts';

// One email as a list of blocks, rendered twice: as an HTML document for mail clients and as plain
// text. Both come from the same blocks, so the two versions always say the same thing.
//
// Every string in a block is plain text (translations and visitors' values alike) and is escaped
// here, once, on the way into HTML. Links are built by the templates from the site's own address.
//
// The HTML follows what mail clients render reliably: one centred presentation table at most 600 px
// wide, inline styles only, system fonts, no images, no scripts. Colours are the site's light theme;
// every text/background pair meets WCAG AA (4.5:1).

/** A link's `plain` replaces "text (href)" in the plain-text version (e.g. just the address). */
export type Inline = string | { strong: string } | { href: string; text: string; plain?: string };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; content: Inline[]; muted?: boolean }
  /**
   * A call to action. With `fallback` (a sentence such as "If the button does not work, copy this
   * address…"), the HTML also shows the address in full; the plain text shows it once anyway.
   */
  | { type: 'button'; href: string; text: string; fallback?: string }
  | { type: 'list'; ordered?: boolean; items: Inline[][] }
  /** The overall score: label, number, "out of 100", and the message of its band. */
  | {
      type: 'score';
      label: string;
      score: number;
      outOf: string;
      message: string;
      band: ScoreBand;
      text: string;
    }
  /** Category scores: a name, a status badge and "82 out of 100"; `text` is the plain-text line. */
  | {
      type: 'scores';
      items: { name: string; status: string; band: ScoreBand; value: string; text: string }[];
    }
  | { type: 'findings'; items: Finding[] }
  /** Labelled values (what the visitor sent); `textLabel` is the label with its colon, for plain text. */
  | { type: 'fields'; rows: { label: string; textLabel: string; value: string; quote?: boolean }[] }
  /**
   * Every field of a record as a two-column table, values as they are (line breaks kept): the team
   * email's. In plain text, the caption, then `Label: value`, a value of several lines indented
   * under its label; nothing is wrapped.
   */
  | { type: 'table'; caption: string; rows: [label: string, value: string][] };

export interface Finding {
  /** A check that does not apply to the page is never an email's finding. */
  status: Exclude<ItemStatus, 'notApplicable' | 'info'>;
  statusLabel: string;
  title: string;
  /** The audited site's own text: only where the recipient asked for it (none of today's emails). */
  evidenceLabel?: string;
  evidence?: string;
  recommendationLabel: string;
  recommendation?: string;
}

export interface EmailDocument {
  lang: string;
  /** The subject, also the document's title. */
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader: string;
  brand: string;
  tagline: string;
  body: Block[];
  footer: Block[];
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const C = {
  page: '#f6f7fb',
  surface: '#ffffff',
  fg: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  brand: '#4338ca',
  button: '#4f46e5',
  buttonFg: '#ffffff',
  soft: '#f8fafc',
} as const;
/** Badge and score colours by band: dark text on a light tint (7:1 or better). */
const BAND: Record<ScoreBand, { fg: string; bg: string; bar: string }> = {
  green: { fg: '#166534', bg: '#dcfce7', bar: '#15803d' },
  yellow: { fg: '#854d0e', bg: '#fef9c3', bar: '#a16207' },
  red: { fg: '#991b1b', bg: '#fee2e2', bar: '#b91c1c' },
};
const ITEM_BAND: Record<Finding['status'], ScoreBand> = { pass: 'green', warning: 'yellow', fail: 'red' };

/** Control characters other than tab and line breaks never reach an email. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/(?![\t\n])\p{Cc}/gu, '');
}

const e = (value: string) => escapeHtml(cleanText(value));
const multiline = (value: string) => e(value).replace(/\n/g, '<br>');

// ------------------------------------------------------------------------------------------------
// HTML

const S = {
  p: `margin:0 0 16px;font-size:16px;line-height:1.6;color:${C.fg}`,
  muted: `margin:0 0 12px;font-size:13px;line-height:1.6;color:${C.muted}`,
  h1: `margin:0 0 20px;font-size:26px;line-height:1.3;font-weight:700;color:${C.fg}`,
  h2: `margin:32px 0 12px;font-size:20px;line-height:1.35;font-weight:700;color:${C.fg}`,
  h3: `margin:0 0 6px;font-size:16px;line-height:1.45;font-weight:700;color:${C.fg}`,
  link: `color:${C.brand};text-decoration:underline`,
  list: `margin:0 0 16px;padding:0 0 0 24px;font-size:16px;line-height:1.6;color:${C.fg}`,
  li: 'margin:0 0 8px',
  badge:
    'display:inline-block;padding:1px 8px;border-radius:999px;font-size:13px;line-height:1.5;font-weight:700',
};

const badge = (text: string, band: ScoreBand) =>
  `<span style="${S.badge};color:${BAND[band].fg};background-color:${BAND[band].bg}">${e(text)}</span>`;

function inlineHtml(content: Inline[], color?: string): string {
  return content
    .map((part) => {
      if (typeof part === 'string') return multiline(part);
      if ('strong' in part) return `<strong>${e(part.strong)}</strong>`;
      const style = color ? `color:${color};text-decoration:underline` : S.link;
      return `<a href="${e(part.href)}" style="${style}">${e(part.text)}</a>`;
    })
    .join('');
}

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `<h${block.level} style="${S[`h${block.level}`]}">${e(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p style="${block.muted ? S.muted : S.p}">${inlineHtml(block.content, block.muted ? C.muted : undefined)}</p>`;
    case 'button': {
      const button =
        `<p style="margin:24px 0">` +
        `<a href="${e(block.href)}" style="display:inline-block;padding:12px 22px;border-radius:8px;` +
        `background-color:${C.button};color:${C.buttonFg};font-size:16px;line-height:1.4;font-weight:700;` +
        `text-decoration:none">${e(block.text)}</a></p>`;
      if (!block.fallback) return button;
      return (
        `${button}<p style="${S.muted}">${e(block.fallback)}<br>` +
        `<a href="${e(block.href)}" style="${S.link};word-break:break-all;overflow-wrap:anywhere">${e(block.href)}</a></p>`
      );
    }
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items.map((item) => `<li style="${S.li}">${inlineHtml(item)}</li>`).join('');
      return `<${tag} style="${S.list}">${items}</${tag}>`;
    }
    case 'score': {
      const band = BAND[block.band];
      return (
        `<div style="margin:0 0 24px;padding:16px 20px;border:1px solid ${C.border};border-left:6px solid ${band.bar};` +
        `border-radius:8px;background-color:${C.soft}">` +
        `<p style="margin:0;font-size:14px;line-height:1.5;font-weight:700;color:${C.muted}">${e(block.label)}</p>` +
        `<p style="margin:2px 0 8px;line-height:1.2;color:${band.fg}">` +
        `<strong style="font-size:40px;font-weight:800">${block.score}</strong>` +
        `<span style="font-size:18px;font-weight:600">&nbsp;${e(block.outOf)}</span></p>` +
        `<p style="margin:0;font-size:15px;line-height:1.6;color:${C.fg}">${e(block.message)}</p></div>`
      );
    }
    case 'scores': {
      const items = block.items
        .map(
          (item) =>
            `<li style="margin:0;padding:10px 0;border-bottom:1px solid ${C.border}">` +
            `<strong>${e(item.name)}</strong><br>` +
            `<span style="color:${C.muted}">${e(item.value)}</span> ${badge(item.status, item.band)}</li>`,
        )
        .join('');
      return `<ul style="margin:0 0 16px;padding:0;list-style:none;font-size:16px;line-height:1.6;color:${C.fg}">${items}</ul>`;
    }
    case 'findings': {
      const items = block.items
        .map((f) => {
          const recommendation = f.recommendation
            ? `<p style="margin:6px 0 0;font-size:15px;line-height:1.6"><strong>${e(f.recommendationLabel)}</strong> ${e(f.recommendation)}</p>`
            : '';
          return (
            `<li style="margin:0 0 16px;padding:12px 16px;border:1px solid ${C.border};` +
            `border-left:4px solid ${BAND[ITEM_BAND[f.status]].bar};border-radius:6px">` +
            `<h3 style="${S.h3}">${badge(f.statusLabel, ITEM_BAND[f.status])} ${e(f.title)}</h3>` +
            (f.evidence
              ? `<p style="margin:0;font-size:15px;line-height:1.6;color:${C.fg};overflow-wrap:anywhere">` +
                `<strong>${e(f.evidenceLabel ?? '')}</strong> ${e(f.evidence)}</p>`
              : '') +
            `${recommendation}</li>`
          );
        })
        .join('');
      return `<ol style="margin:0 0 16px;padding:0;list-style:none">${items}</ol>`;
    }
    case 'fields': {
      const rows = block.rows
        .map((row) => {
          if (row.quote) {
            return (
              `<p style="margin:0 0 4px;font-size:16px;line-height:1.6;color:${C.fg}"><strong>${e(row.label)}</strong></p>` +
              `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #94a3b8;` +
              `background-color:${C.soft};font-size:15px;line-height:1.6;color:${C.fg};overflow-wrap:anywhere">` +
              `${multiline(row.value)}</blockquote>`
            );
          }
          return `<p style="${S.p}"><strong>${e(row.label)}</strong><br><span style="overflow-wrap:anywhere">${e(row.value)}</span></p>`;
        })
        .join('');
      return `<div style="margin:0 0 8px">${rows}</div>`;
    }
    case 'table': {
      const cell = `padding:6px 0;border-bottom:1px solid ${C.border};vertical-align:top`;
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${cell};padding-right:16px;text-align:left">${e(label)}</th>` +
            `<td style="${cell};white-space:pre-wrap;overflow-wrap:anywhere">${e(value)}</td></tr>`,
        )
        .join('\n');
      return (
        `<table style="margin:0 0 16px;border-collapse:collapse;font-size:15px;line-height:1.5;color:${C.fg}">` +
        `<caption style="padding-bottom:8px;text-align:left">${e(block.caption)}</caption>\n<tbody>\n${rows}\n</tbody></table>`
      );
    }
  }
}

// The preheader is hidden with inline styles; Outlook for Windows also needs its own property,
// given in a conditional comment so the document stays valid HTML for everyone else.
/** Filler after the preheader so clients do not pull body text into the inbox preview. */
const PREHEADER_FILL = '&#847;&zwnj;&nbsp;'.repeat(40);

export function renderHtml(doc: EmailDocument): string {
  const body = doc.body.map(blockHtml).join('\n');
  const footer = doc.footer.map(blockHtml).join('\n');
  return `<!DOCTYPE html>
<html lang="${e(doc.lang)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(doc.subject)}</title>
<!--[if mso]><style>#preheader{display:none!important;mso-hide:all}</style><![endif]-->
</head>
<body style="margin:0;padding:0;background-color:${C.page};color:${C.fg};font-family:${e(FONT)};-webkit-text-size-adjust:100%">
<div id="preheader" style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:${C.page}">${e(doc.preheader)}${PREHEADER_FILL}</div>
<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;border-spacing:0">
<tr>
<td style="padding:24px 8px;font-family:${e(FONT)}">
<p style="margin:0 0 16px;padding:0 4px;font-size:18px;line-height:1.4;font-weight:800;color:${C.brand}">${e(doc.brand)}<br><span style="font-size:14px;font-weight:400;color:${C.muted}">${e(doc.tagline)}</span></p>
<div style="padding:24px 20px;border:1px solid ${C.border};border-radius:12px;background-color:${C.surface}">
${body}
</div>
<div style="padding:20px 4px 0">
${footer}
</div>
</td>
</tr>
</table>
</body>
</html>
`;
}

// ------------------------------------------------------------------------------------------------
// Plain text

const WIDTH = 72;

/** Wraps at ordinary spaces only: no-break spaces keep French punctuation with its word. */
function wrap(text: string, width = WIDTH, indent = ''): string {
  return cleanText(text)
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && (indent + current + ' ' + word).length > width) {
          out.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      out.push(current);
      return out.map((l) => indent + l).join('\n');
    })
    .join('\n')
    .replace(new RegExp(`^${indent}`), '');
}

function inlineText(content: Inline[]): string {
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('strong' in part) return part.strong;
      return part.plain ?? `${part.text} (${part.href})`;
    })
    .join('');
}

const underline = (text: string, char: string) => `${text}\n${char.repeat(Math.min(text.length, WIDTH))}`;

function blockText(block: Block): string {
  switch (block.type) {
    case 'heading':
      return block.level === 1
        ? underline(block.text, '=')
        : block.level === 2
          ? underline(block.text, '-')
          : block.text;
    case 'paragraph':
      return wrap(inlineText(block.content));
    case 'button':
      return `${wrap(block.text)}\n${block.href}`;
    case 'list':
      return block.items
        .map((item, i) => {
          const marker = block.ordered ? `${i + 1}. ` : '- ';
          return marker + wrap(inlineText(item), WIDTH, ' '.repeat(marker.length));
        })
        .join('\n');
    case 'score':
      return `${block.text}\n${wrap(block.message)}`;
    case 'scores':
      return block.items.map((item) => `- ${wrap(item.text, WIDTH, '  ')}`).join('\n');
    case 'findings':
      return block.items
        .map((f, i) => {
          const marker = `${i + 1}. `;
          const pad = ' '.repeat(marker.length);
          const lines = [marker + wrap(`[${f.statusLabel}] ${f.title}`, WIDTH, pad)];
          if (f.evidence) lines.push(pad + wrap(`${f.evidenceLabel ?? ''} ${f.evidence}`, WIDTH, pad));
          if (f.recommendation)
            lines.push(pad + wrap(`${f.recommendationLabel} ${f.recommendation}`, WIDTH, pad));
          return lines.join('\n');
        })
        .join('\n\n');
    case 'fields':
      return block.rows
        .map((row) =>
          row.quote || row.value.includes('\n')
            ? `${row.textLabel}\n  ${wrap(row.value, WIDTH, '  ')}`
            : wrap(`${row.textLabel} ${row.value}`, WIDTH, '  '),
        )
        .join('\n');
    case 'table':
      return [
        cleanText(block.caption),
        '',
        ...block.rows.map(([label, raw]) => {
          const value = cleanText(raw);
          return value.includes('\n') ? `${label}:\n${value.replace(/^/gm, '    ')}` : `${label}: ${value}`;
        }),
      ].join('\n');
  }
}

export function renderText(doc: EmailDocument): string {
  const parts = [
    doc.brand,
    '',
    ...doc.body.flatMap((b) => [blockText(b), '']),
    '-- ',
    ...doc.footer.flatMap((b) => [blockText(b), '']),
  ];
  // Trailing spaces go, except in the signature delimiter "-- " (RFC 3676).
  const text = parts.join('\n').replace(/(?<!^--)[ \t]+$/gm, '');
  return `${text.trimEnd()}\n`;
}

import type { Delivery, DeliveryPayload } from '../../store/types.ts';
import { parseMailbox } from '../parse.ts';
import { messageIdFor, type MailTransport } from './mail.ts';
import { DeliveryError, type DeliverySender } from './types.ts';

// The team email (decision 018): one per lead, every field, in plain text and as a simple accessible
// HTML table with every value escaped; Reply-To the visitor, so answering the email answers them.
// Team-facing, so in English whatever the page language was.

export interface TeamEmailOptions {
  transport: MailTransport;
  /** MAIL_FROM. */
  from: string;
  /** LEADS_NOTIFY_TO, read when sending (a corrected list also reaches deliveries already queued). */
  to: readonly string[];
}

export interface TeamEmail {
  subject: string;
  text: string;
  html: string;
}

type Record_ = Record<string, unknown>;
const asRecord = (value: unknown): Record_ => {
  if (typeof value === 'string') {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record_) : {};
};

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** What a form's lead asks for, when its name alone does not say (decision 030). */
const FORM_NOTES: Partial<Record<DeliveryPayload['form'], string>> = {
  report: 'The visitor asked for a saved audit report by email (“Email me this report”).',
  recheck:
    'The visitor asked for a monthly re-check of the audited address (subscribed once they confirm by the link we email them).',
};

/** Every field of a lead, labelled, the most useful first (both stores' shapes). */
export function leadFields(payload: DeliveryPayload): [string, string][] {
  const lead = payload.lead;
  const data = asRecord(lead.lead_data);
  const utm = asRecord(lead.utm_data);
  const pick = (key: string) => lead[key] ?? data[key];
  // A report or re-check request: its website is the address its audit was of.
  const report = payload.form === 'report' || payload.form === 'recheck';
  const fields: [string, unknown][] = [
    ['Form', payload.form],
    ['Name', lead.name],
    ['Email', lead.email],
    [report ? 'Audited address' : 'Website', pick('website')],
    ...(report ? ([['Report link', data.report_url]] as [string, unknown][]) : []),
    ['Service', pick('service')],
    ['Message', pick('message')],
    ['Phone', lead.phone],
    ['Company', lead.company],
    ['Language', payload.language],
    ['Source', lead.source],
    ['Status', lead.status],
    ['Received', lead.created_at],
    ['Lead ID', lead.id],
  ];
  for (const [key, value] of Object.entries(utm)) fields.push([`UTM ${key.replace(/^utm_/, '')}`, value]);
  // A re-check's id is the key of its unsubscribe link: the visitor's alone, never in an email to others.
  const shown = new Set([
    'website',
    'service',
    'message',
    'form_type',
    'recheck_id',
    ...(report ? ['report_url'] : []),
  ]);
  for (const [key, value] of Object.entries(data))
    if (!shown.has(key)) fields.push([`Form data: ${key}`, value]);
  const columns = new Set([
    'name',
    'email',
    'website',
    'service',
    'message',
    'phone',
    'company',
    'language',
    'source',
    'status',
    'created_at',
    'id',
    'form_type',
    'utm_data',
    'lead_data',
  ]);
  for (const [key, value] of Object.entries(lead)) if (!columns.has(key)) fields.push([key, value]);
  return fields.map(([label, value]) => [label, show(value)]);
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The website's host, without `www.`, or null. */
function hostOf(website: unknown): string | null {
  if (typeof website !== 'string' || !website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export function renderTeamEmail(payload: DeliveryPayload): TeamEmail {
  const lead = payload.lead;
  const email = typeof lead.email === 'string' ? lead.email : '';
  const host = hostOf(lead.website ?? asRecord(lead.lead_data).website);
  const subject = oneLine(`New ${payload.form} lead: ${email}${host ? ` (${host})` : ''}`);
  const fields = leadFields(payload);
  const note = FORM_NOTES[payload.form];
  const text = [
    `New ${payload.form} lead from the website.`,
    ...(note ? [note] : []),
    '',
    ...fields.map(([label, value]) =>
      value.includes('\n') ? `${label}:\n${value.replace(/^/gm, '    ')}` : `${label}: ${value}`,
    ),
    '',
    'Reply to this email to answer the visitor directly.',
    '',
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 16px 6px 0;border-bottom:1px solid #ddd">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const title = `New ${escapeHtml(payload.form)} lead`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#111;background:#fff">
<h1 style="font-size:20px;margin:0 0 12px">${title}</h1>
${note ? `<p>${escapeHtml(note)}</p>\n` : ''}<table style="border-collapse:collapse;max-width:720px">
<caption style="text-align:left;padding-bottom:8px">Every field the visitor sent, as stored.</caption>
<tbody>
${rows}
</tbody>
</table>
<p>Reply to this email to answer the visitor directly.</p>
</body>
</html>
`;
  return { subject, text, html };
}

export function teamEmailChannel(options: TeamEmailOptions): DeliverySender {
  return {
    async send(delivery: Delivery, attempt) {
      if (options.to.length === 0) throw new DeliveryError('NO_RECIPIENT', 'LEADS_NOTIFY_TO is empty');
      const message = renderTeamEmail(delivery.payload);
      const visitor = typeof delivery.payload.lead.email === 'string' ? delivery.payload.lead.email : '';
      const name = typeof delivery.payload.lead.name === 'string' ? delivery.payload.lead.name : '';
      const replyTo = parseMailbox(visitor)
        ? { name: name === 'Not provided' ? '' : oneLine(name), address: visitor }
        : undefined;
      await options.transport.sendMail({
        from: options.from,
        to: [...options.to],
        replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: messageIdFor(delivery.id, options.from),
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: attempt.signal,
      });
    },
  };
}

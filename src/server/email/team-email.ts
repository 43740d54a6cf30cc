import { bareHost, clip } from '../../lib/text.ts';
import { parseMailbox } from '../delivery/parse.ts';
import { sharedPayload } from '../store/records.ts';
import { NAME_NOT_PROVIDED, type DeliveryPayload } from '../store/types.ts';
import { renderHtml, renderText, type Block, type EmailDocument } from './layout.ts';
import { translator } from './texts.ts';

// The team email (decision 018): one per lead, every field, in plain text and as an accessible
// table in the visitor emails' frame (layout.ts escapes every value); Reply-To the visitor, so
// answering the email answers them. Team-facing, so in English whatever the page language was.
// Unlike the visitor emails it goes to the company, so it repeats everything the visitor typed.

export interface TeamEmail {
  subject: string;
  text: string;
  html: string;
  /** The visitor, when their address is one mailbox. */
  replyTo?: { name: string; address: string };
}

/** One line of text for a header: the longest a header line may be (RFC 5322, 998 characters). */
const oneLine = (text: string) => clip(text, 998);

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

/** The lead's columns the first rows show, by name; every other column follows under its own. */
const SHOWN_COLUMNS = new Set([
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

/** Every field of a lead, labelled, the most useful first. */
export function leadFields(everything: DeliveryPayload): [string, string][] {
  // A re-check's id is the key of its unsubscribe link: the visitor's alone, never in an email to others.
  const payload = sharedPayload(everything);
  const { lead } = payload;
  // A report or re-check request: its website is the address its audit was of.
  const report = payload.form === 'report' || payload.form === 'recheck';
  const fields: [string, unknown][] = [
    ['Form', payload.form],
    ['Name', lead.name],
    ['Email', lead.email],
    [report ? 'Audited address' : 'Website', lead.website],
    ...(report ? ([['Report link', lead.lead_data.report_url]] as [string, unknown][]) : []),
    ['Service', lead.service],
    ['Message', lead.message],
    ['Phone', lead.phone],
    ['Company', lead.company],
    ['Language', payload.language],
    ['Source', lead.source],
    ['Status', lead.status],
    ['Received', lead.created_at],
    ['Lead ID', lead.id],
  ];
  for (const [key, value] of Object.entries(lead.utm_data))
    fields.push([`UTM ${key.replace(/^utm_/, '')}`, value]);
  const shownData = new Set([
    'website',
    'service',
    'message',
    'form_type',
    ...(report ? ['report_url'] : []),
  ]);
  for (const [key, value] of Object.entries(lead.lead_data))
    if (!shownData.has(key)) fields.push([`Form data: ${key}`, value]);
  for (const [key, value] of Object.entries(lead)) if (!SHOWN_COLUMNS.has(key)) fields.push([key, value]);
  return fields.map(([label, value]) => [label, show(value)]);
}

/** The website's host, without `www.`, or null. */
function hostOf(website: string | null): string | null {
  if (!website) return null;
  try {
    return bareHost(new URL(website).hostname) || null;
  } catch {
    return null;
  }
}

export function renderTeamEmail(payload: DeliveryPayload): TeamEmail {
  const { lead, form } = payload;
  const t = translator('en');
  const host = hostOf(lead.website);
  const subject = oneLine(`New ${form} lead: ${lead.email}${host ? ` (${host})` : ''}`);
  const note = FORM_NOTES[form];
  const paragraph = (text: string, muted = false): Block => ({ type: 'paragraph', content: [text], muted });
  const doc: EmailDocument = {
    lang: 'en',
    subject,
    preheader: `${lead.email}${note ? ` · ${note}` : ''}`,
    brand: t('layout.brand'),
    tagline: t('layout.tagline'),
    body: [
      { type: 'heading', level: 1, text: `New ${form} lead` },
      // The caption is one line in the plain text: an operator's search finds what was asked.
      {
        type: 'table',
        caption: `${note ? `${note} ` : ''}Every field the visitor sent, as stored.`,
        rows: leadFields(payload),
      },
      paragraph('Reply to this email to answer the visitor directly.'),
    ],
    footer: [paragraph('Sent by the website to the team’s addresses (LEADS_NOTIFY_TO).', true)],
  };
  const name = lead.name && lead.name !== NAME_NOT_PROVIDED ? oneLine(lead.name) : '';
  return {
    subject,
    text: renderText(doc),
    html: renderHtml(doc),
    ...(parseMailbox(lead.email) ? { replyTo: { name, address: lead.email } } : {}),
  };
}

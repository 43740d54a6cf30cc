import { CONTACT_TOPICS, isServiceId } from '../../lib/services.ts';
import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import { clip, displayDomain, letter, type EmailContext } from './compose.ts';
import type { Block } from './layout.ts';
import { toolsUrl } from './links.ts';

// The contact acknowledgement (decision 018): we have the message, a person replies within 24 hours
// (the contact page's promise), a short summary of what was sent, and what happens next.

/** How much of the message the summary quotes. */
export const MESSAGE_EXCERPT = 500;

export interface ContactEmail {
  name: string | null;
  service: string | null;
  website: string | null;
  message: string | null;
}

/** The service as the contact form's list names it; an id the site does not know is shown as it is. */
function serviceLabel(ctx: EmailContext, service: string | null): string {
  if (!service) return ctx.t('forms:fields.service.none');
  if (isServiceId(service)) return ctx.t(`services:items.${service}.title`);
  if ((CONTACT_TOPICS as readonly string[]).includes(service))
    return ctx.t(`forms:fields.service.${service}`);
  return clip(service, 100).text;
}

export function contactAcknowledgement(ctx: EmailContext, input: ContactEmail): VisitorMail {
  const { t } = ctx;
  const label = (key: string) => t(key);
  const textLabel = (key: string) => t('layout.label', { label: t(key) });
  const message = (input.message ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const excerpt = clip(message, MESSAGE_EXCERPT);

  const body: Block[] = [
    { type: 'paragraph', content: [t('contact.intro', { email: ctx.email })] },
    { type: 'heading', level: 2, text: t('contact.summaryTitle') },
    {
      type: 'fields',
      rows: [
        {
          label: label('forms:fields.service.label'),
          textLabel: textLabel('forms:fields.service.label'),
          value: serviceLabel(ctx, input.service),
        },
        {
          label: label('forms:fields.website.label'),
          textLabel: textLabel('forms:fields.website.label'),
          value: input.website ? clip(input.website, 200).text : t('layout.notGiven'),
        },
        {
          label: label('forms:fields.message.label'),
          textLabel: textLabel('forms:fields.message.label'),
          value: excerpt.text || t('contact.noMessage'),
          quote: Boolean(excerpt.text),
        },
      ],
    },
  ];
  if (excerpt.clipped) body.push({ type: 'paragraph', muted: true, content: [t('contact.clipped')] });

  body.push(
    { type: 'heading', level: 2, text: t('contact.next.title') },
    {
      type: 'list',
      ordered: true,
      items: [[t('contact.next.read')], [t('contact.next.reply')], [t('contact.next.call')]],
    },
    {
      type: 'paragraph',
      content: [
        t('contact.audit'),
        ' ',
        {
          href: toolsUrl(ctx.siteUrl, ctx.lang, input.website),
          text: input.website
            ? t('contact.auditLink', { domain: displayDomain(input.website) })
            : t('contact.auditLinkGeneric'),
        },
      ],
    },
  );

  return letter(ctx, 'contact', {
    subject: t('contact.subject'),
    preheader: t('contact.preheader'),
    name: input.name,
    body,
  });
}

import { CONTACT_TOPICS, isServiceId } from '../../lib/services.ts';
import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import { displayDomain, letter, type EmailContext } from './compose.ts';
import type { Block } from './layout.ts';
import { toolsUrl } from './links.ts';

// The contact acknowledgement (decision 018): we have the message, a person replies within 24 hours
// (the contact page's promise), a short summary of what was sent, and what happens next. The message
// itself is never repeated (compose.ts says why): the team email carries it.

export interface ContactEmail {
  /** The greeting's name (greetingName), or null. */
  name: string | null;
  service: string | null;
  /** The origin of the website the visitor gave (websiteOrigin), or null. */
  website: string | null;
}

/** The service as the contact form's list names it; anything the site does not list is not shown. */
function serviceLabel(ctx: EmailContext, service: string | null): string {
  if (service && isServiceId(service)) return ctx.t(`services:items.${service}.title`);
  if (service && (CONTACT_TOPICS as readonly string[]).includes(service))
    return ctx.t(`forms:fields.service.${service}`);
  return ctx.t('forms:fields.service.none');
}

export function contactAcknowledgement(ctx: EmailContext, input: ContactEmail): VisitorMail {
  const { t } = ctx;
  const label = (key: string) => t(key);
  const textLabel = (key: string) => t('layout.label', { label: t(key) });

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
          value: input.website ? new URL(input.website).hostname : t('layout.notGiven'),
        },
      ],
    },
  ];

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

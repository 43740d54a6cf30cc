import type { VisitorMail } from '../delivery/channels/visitor-email.ts';
import { confirmation, letter, type EmailContext } from './compose.ts';
import { listUnsubscribeHeaders } from './links.ts';

// The newsletter's double opt-in (decision 018): the address is subscribed only once the link is
// followed; the link expires in 7 days. Like every newsletter email it carries an unsubscribe link
// in its body and in the List-Unsubscribe headers (one click, RFC 8058).

export interface NewsletterOptinEmail {
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function newsletterOptin(ctx: EmailContext, input: NewsletterOptinEmail): VisitorMail {
  const { t } = ctx;
  return letter(
    ctx,
    'newsletter',
    {
      subject: t('newsletter.subject'),
      preheader: t('newsletter.preheader'),
      body: [
        { type: 'paragraph', content: [t('newsletter.intro', { email: ctx.email })] },
        ...confirmation(ctx, 'newsletter', input.confirmUrl),
      ],
      footerExtra: [
        {
          type: 'paragraph',
          muted: true,
          content: [
            t('newsletter.promise'),
            ' ',
            { href: input.unsubscribeUrl, text: t('newsletter.unsubscribe') },
          ],
        },
      ],
    },
    listUnsubscribeHeaders(input.unsubscribeUrl),
  );
}

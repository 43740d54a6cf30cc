import { renderTeamEmail } from '../../email/team-email.ts';
import type { Delivery } from '../../store/types.ts';
import { messageIdFor, type MailTransport } from './mail.ts';
import { DeliveryError, type DeliverySender } from './types.ts';

// The team email's channel (decision 018): one per lead, rendered by src/server/email/team-email.ts,
// sent from MAIL_FROM to LEADS_NOTIFY_TO with the visitor as Reply-To.

export interface TeamEmailOptions {
  transport: MailTransport;
  /** MAIL_FROM. */
  from: string;
  /** LEADS_NOTIFY_TO, read when sending (a corrected list also reaches deliveries already queued). */
  to: readonly string[];
}

export function teamEmailChannel(options: TeamEmailOptions): DeliverySender {
  return {
    async send(delivery: Delivery, attempt) {
      if (options.to.length === 0) throw new DeliveryError('NO_RECIPIENT', 'LEADS_NOTIFY_TO is empty');
      const message = renderTeamEmail(delivery.payload);
      await options.transport.sendMail({
        from: options.from,
        to: [...options.to],
        replyTo: message.replyTo,
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

import type { Delivery, DeliveryPayload, VisitorMailKind } from '../../store/types.ts';
import { messageIdFor, type MailTransport } from './mail.ts';
import { DeliveryError, type DeliverySender } from './types.ts';

// Visitor emails (decision 018): one per kind of VISITOR_MAIL_KINDS, in the language of the page the
// form was sent from. Their content comes from a VisitorMailRenderer (src/server/email/visitor-mail.ts,
// required whenever this channel is on); this channel sends what it returns from MAIL_FROM to the
// visitor, with the delivery id as Message-ID.

export interface VisitorMailRequest {
  kind: VisitorMailKind;
  form: DeliveryPayload['form'];
  /** The page language the form was sent from (`en`, `fr`). */
  language: string;
  /** The lead as stored (every column): the payload's, or any lead row (read through deliveryPayload). */
  lead: Record<string, unknown>;
  /** Stable across retries. */
  deliveryId: string;
  recipient: string;
}

export interface VisitorMail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` on newsletter emails. */
  headers?: Record<string, string>;
}

/** Renders one visitor email. A throw fails the attempt (retried like a send failure). */
export type VisitorMailRenderer = (request: VisitorMailRequest) => VisitorMail | Promise<VisitorMail>;

/** Headers the channel sets itself; a renderer cannot replace them. */
const OWN_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'sender',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'return-path',
]);

function extraHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^[A-Za-z0-9-]{1,76}$/.test(name) || OWN_HEADERS.has(name.toLowerCase())) {
      throw new DeliveryError('BAD_HEADER', `renderer header not allowed: ${name.slice(0, 80)}`);
    }
    if (typeof value !== 'string' || /[\r\n]/.test(value)) {
      throw new DeliveryError('BAD_HEADER', `renderer header ${name} has a line break or is not text`);
    }
    out[name] = value;
  }
  return out;
}

export interface VisitorEmailOptions {
  transport: MailTransport;
  /** MAIL_FROM. */
  from: string;
  renderer: VisitorMailRenderer;
}

export function visitorEmailChannel(options: VisitorEmailOptions): DeliverySender {
  return {
    async send(delivery: Delivery, attempt) {
      const recipient = delivery.recipient;
      if (!recipient) throw new DeliveryError('NO_RECIPIENT', 'visitor email without a recipient');
      const mail = await options.renderer({
        kind: delivery.kind as VisitorMailKind,
        form: delivery.payload.form,
        language: delivery.payload.language,
        lead: delivery.payload.lead,
        deliveryId: delivery.id,
        recipient,
      });
      await options.transport.sendMail({
        from: options.from,
        to: recipient,
        subject: mail.subject.replace(/[\r\n]+/g, ' '),
        text: mail.text,
        html: mail.html,
        messageId: messageIdFor(delivery.id, options.from),
        headers: { 'Auto-Submitted': 'auto-generated', ...extraHeaders(mail.headers) },
        signal: attempt.signal,
      });
    },
  };
}
